// The session the tracker's screens read (lib/session), made for a member signed in on a kiosk:
// who they are, the business by name and its time zone. A kiosk session reaches nothing else of the
// business, so its sites, members and lookups are empty.
import type { KioskDevice, KioskMemberSession } from '../../lib/kiosk-session.ts';
import type { SessionContextValue } from '../../lib/session/session-context.ts';

export function kioskMemberSession(device: KioskDevice, session: KioskMemberSession): SessionContextValue {
  const { member } = session;
  const business = {
    id: 0,
    name: device.kiosk.businessName,
    colour: '#0ca678',
    logo: null,
    ownershipType: 'MEMBER' as const,
    apiKey: '',
    // A tablet enrolled before kiosks told their time zone keeps its own.
    timeZone: device.kiosk.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone,
    industryId: null,
    managedProfile: false,
    lateAnswerHours: 0,
  };
  return {
    account: {
      id: member.id,
      username: '',
      fullName: member.name,
      email: '',
      avatar: member.avatar,
      countryCode: null,
      phone: null,
      bio: null,
      businessIdentities: [],
      mustChangePassword: false,
    },
    member: {
      userId: member.id,
      fullName: member.name,
      username: '',
      email: '',
      authority: 'MEMBER',
      name: member.name,
      position: null,
      status: 'ACTIVE',
      active: true,
      phone: null,
      countryCode: null,
      bio: null,
      avatar: member.avatar,
      imageUrl: member.avatar,
      businessId: 0,
      teams: [],
      createdHere: false,
      rank: null,
    },
    business,
    apiKey: '',
    role: 'MEMBER',
    lookups: { projectTypes: [], teamTypes: [] },
    sites: [],
    teams: [],
    members: [],
    membersTotal: 0,
    teamMembers: {},
    managedProfile: false,
    refresh: async () => undefined,
  };
}
