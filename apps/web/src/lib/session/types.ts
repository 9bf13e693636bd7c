// What the account load sequence gathers (spec §4).
import type { Account, Business, Lookups, Member, MemberTeam } from '@fieldops/shared/account';
import type { BusinessRole, SiteAuthority } from '@fieldops/shared/enums';
import type { Site, TeamMember } from '@fieldops/shared/organisation';

export type { Site, TeamMember };

/** A site with the signed-in member's own place in it (null when not assigned there). */
export interface SessionSite extends Site {
  myAuthority: SiteAuthority | null;
  myPosition: string | null;
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
