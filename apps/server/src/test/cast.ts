// The usual cast of a server test in one call: an owner with the admin, member and supervisor they asked for, and a stranger's business.
import type { FastifyInstance } from 'fastify';
import { addMember, addSupervisor, createBusinessWithOwner, createProjectAndSite, type Caller } from './factories.ts';

export interface CastOptions {
  admin?: boolean;
  member?: boolean;
  /** A MEMBER who supervises the cast's site (which is then made even without `site`). */
  supervisor?: boolean;
  site?: boolean;
  /** The owner of a second, unrelated business. */
  other?: boolean;
}

type ProjectAndSite = Awaited<ReturnType<typeof createProjectAndSite>>;
type Present<O extends CastOptions, K extends keyof CastOptions, T> = O[K] extends true ? T : Record<never, never>;

/** Only what the options asked for is typed as present, so a test needs no `!`. */
export type Cast<O extends CastOptions> = { owner: Caller } & Present<O, 'admin', { admin: Caller }> &
  Present<O, 'member', { member: Caller }> &
  Present<O, 'supervisor', { supervisor: Caller } & ProjectAndSite> &
  Present<O, 'site', ProjectAndSite> &
  Present<O, 'other', { other: Caller }>;

/**
 * Always made in the same order (owner, admin, member, project and site, supervisor, other), the
 * order tests wrote by hand, so user and row ids come out as they did.
 */
export async function createCast<const O extends CastOptions>(app: FastifyInstance, options: O): Promise<Cast<O>> {
  const owner = await createBusinessWithOwner(app);
  const admin = options.admin ? await addMember(app, owner, 'ADMIN') : undefined;
  const member = options.member ? await addMember(app, owner, 'MEMBER') : undefined;
  const place = options.site || options.supervisor ? await createProjectAndSite(app, owner) : undefined;
  const supervisor = options.supervisor && place ? await addSupervisor(app, owner, [place.site.id]) : undefined;
  const other = options.other ? await createBusinessWithOwner(app) : undefined;
  // The conditional type cannot be followed through the branches above; the options decide which keys are set.
  return { owner, admin, member, supervisor, other, ...place } as Cast<O>;
}
