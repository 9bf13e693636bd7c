// A member the members screens' tests share: Omar, a cleaner in Tower A.
import { fakeMember } from '../../../test/session.tsx';

export const omar = fakeMember({
  userId: 3,
  fullName: 'Omar Haddad',
  username: 'omar',
  email: 'omar@example.com',
  authority: 'MEMBER',
  position: 'Cleaner',
  teams: [{ id: 1, name: 'Tower A', authority: 'MEMBER', position: 'Cleaner' }],
});
