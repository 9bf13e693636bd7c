// A member the members screens' tests share: Omar, a cleaner in Tower A.
import type { Member } from '@fieldops/shared/account';

export const omar: Member = {
  userId: 3,
  name: 'Omar Haddad',
  fullName: 'Omar Haddad',
  username: 'omar',
  email: 'omar@example.com',
  authority: 'MEMBER',
  position: 'Cleaner',
  status: 'ACTIVE',
  active: true,
  phone: null,
  countryCode: null,
  bio: null,
  avatar: null,
  imageUrl: null,
  businessId: 2,
  teams: [{ id: 1, name: 'Tower A', authority: 'MEMBER', position: 'Cleaner' }],
  createdHere: false,
  rank: null,
};
