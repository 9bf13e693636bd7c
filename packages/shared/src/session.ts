// What the web app needs to open, in one answer (GET /api/v1/account/session): the account, then,
// in the business the app works in, the member, the business, its lookups, sites and first page
// of members, the members of the member's own sites, and the pending invitations. Each part is
// what its own endpoint answers (spec §4's account load sequence), so the app can go on reading
// and refreshing them one by one.
import { z } from 'zod';
import { account, business, lookups, member, myInvitation } from './account.ts';
import { site, teamMember } from './organisation.ts';

/** The member's own sites with members loaded up front, at most. */
export const SESSION_TEAM_MEMBER_SITES = 10;

const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const workspace = z.object({
  /** The key of the business chosen: the one asked for when it is the account's, else the default. */
  apiKey: z.string(),
  member,
  business,
  lookups,
  /** Every site of the business (up to the largest page). */
  sites: page(site),
  /** The first page of the business's members. */
  members: page(member),
  /** The members of each of the member's own sites, by site id (the first SESSION_TEAM_MEMBER_SITES sites). */
  teamMembers: z.record(z.string(), z.array(teamMember)),
  managedProfile: z.boolean(),
});

export const sessionBootstrap = z.object({
  account,
  /** Null when the person must first choose their own password, or belongs to no business. */
  workspace: workspace.nullable(),
  invitations: z.array(myInvitation),
});

export type Workspace = z.infer<typeof workspace>;
export type SessionBootstrap = z.infer<typeof sessionBootstrap>;
