// What the account load sequence gathers (spec §4). Site and team-member shapes follow the
// main API's answers for GET /v1/teams and GET /v1/teams/{teamId}/members.
import type { Account, Business, Lookups, Member, MemberTeam } from '@fieldops/shared/account';
import type { BusinessRole, SiteAuthority } from '@fieldops/shared/enums';

export interface SiteProject {
  id: number;
  name: string;
}

export interface Site {
  id: number;
  name: string;
  projectId: number | null;
  project: SiteProject | null;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
  siteType: number | string | null;
  externalId: string | null;
  membersCount: number;
}

/** A site with the signed-in member's own place in it (null when not assigned there). */
export interface SessionSite extends Site {
  myAuthority: SiteAuthority | null;
  myPosition: string | null;
}

export interface TeamMember {
  userId: number;
  username: string;
  name: string;
  email: string;
  authority: SiteAuthority;
  position: string | null;
  teamId: number;
  businessId: number;
}

export interface Session {
  account: Account;
  member: Member;
  business: Business;
  apiKey: string;
  /** The business ownership type, shown as the user's role. */
  role: BusinessRole;
  lookups: Lookups;
  sites: SessionSite[];
  teams: MemberTeam[];
  members: Member[];
  membersTotal: number;
  teamMembers: Record<number, TeamMember[]>;
  managedProfile: boolean;
}
