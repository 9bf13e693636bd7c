// Projects, sites (teams), members and transfers (spec §7 "Members, teams, projects").
import { z } from 'zod';
import { BUSINESS_ROLES, SITE_AUTHORITIES } from './enums.ts';
import { countryCode, phone } from './account.ts';
import { email, entityName, id, idList, optionalText, pageQuery, password } from './common.ts';
import { DEFAULT_GEOFENCE_RADIUS_M, MAX_PAGE_SIZE, MEMBER_SEARCH_MIN_LENGTH } from './limits.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';
import { MAX_POLYGON_VERTICES, openRing, polygonProblem } from './geofence.ts';

/** A bilingual lookup (project type, site type) as it appears inside another entity. */
export const lookupRef = z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() });

/** Whole-list calls that fill pickers (all projects, all sites) default to the largest page. */
export const listAllQuery = pageQuery.extend({
  size: z.coerce.number().int().min(1, minMessage(1)).max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)).default(MAX_PAGE_SIZE),
});

// ---------------------------------------------------------------- projects

/** http(s), a host with at least one dot, then an optional path, query or fragment. */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#:@]+\.[^\s/?#:@]+(:\d{1,5})?([/?#]\S*)?$/i;

/** A web address; "example.com" is read as "https://example.com". Empty becomes null. */
export const website = z
  .string()
  .trim()
  .max(255, maxMessage(255))
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const withScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(v) ? v : `https://${v}`;
    if (WEB_ADDRESS.test(withScheme)) return withScheme;
    ctx.addIssue({ code: 'custom', message: MSG.websiteInvalid });
    return z.NEVER;
  });

export const projectRequest = z.object({
  name: entityName(),
  website,
  typeId: id.nullish(),
  active: z.boolean().default(true),
});
export type ProjectRequest = z.input<typeof projectRequest>;
export const projectUpdateRequest = projectRequest.extend({ id });
export type ProjectUpdateRequest = z.input<typeof projectUpdateRequest>;

export const project = z.object({
  id: z.number(),
  name: z.string(),
  website: z.string().nullable(),
  typeId: z.number().nullable(),
  type: lookupRef.nullable(),
  active: z.boolean(),
  /** Null until reports rank projects. */
  rank: z.number().nullable(),
  /** The average score (0–100) of its finished inspections over the last 30 days; null when none was scored. */
  averageScore: z.number().nullable(),
  sitesCount: z.number(),
  membersCount: z.number(),
});
export type Project = z.infer<typeof project>;

// ---------------------------------------------------------------- sites

const latitude = z
  .number()
  .min(-90, minMessage(-90))
  .max(90, maxMessage(90))
  .nullish()
  .transform((v) => v ?? null);
const longitude = z
  .number()
  .min(-180, minMessage(-180))
  .max(180, maxMessage(180))
  .nullish()
  .transform((v) => v ?? null);

/** A site's coordinates, each checked on its own (the site form checks one as the user leaves it). */
export const siteCoordinates = { latitude, longitude };

/**
 * A site's polygon geofence as [latitude, longitude] vertices; a closing vertex repeating the first
 * is dropped. Empty or absent: none, and the circle of the radius around the pin is the geofence.
 */
export const sitePolygon = z
  .array(
    z.tuple(
      [
        z.number({ error: MSG.invalid }).min(-90, minMessage(-90)).max(90, maxMessage(90)),
        z.number({ error: MSG.invalid }).min(-180, minMessage(-180)).max(180, maxMessage(180)),
      ],
      { error: MSG.invalid },
    ),
    { error: MSG.invalid },
  )
  .max(MAX_POLYGON_VERTICES + 1, MSG.polygonVertexCount)
  .nullish()
  .transform((v, ctx): [number, number][] | null => {
    if (!v || v.length === 0) return null;
    const ring = openRing(v);
    const problem = polygonProblem(ring);
    if (problem === null) return ring.map(([lat, lng]) => [lat, lng]);
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  });

const siteFields = z.object({
  name: entityName(),
  projectId: id,
  latitude,
  longitude,
  /** The geofence radius in metres (DESIGN §7), for the circle around the pin when there is no polygon. */
  radius: z.number().int().min(10, minMessage(10)).max(10_000, maxMessage(10_000)).default(DEFAULT_GEOFENCE_RADIUS_M),
  polygon: sitePolygon,
  typeId: id.nullish(),
  externalId: optionalText(100),
  whatsApp: optionalText(100),
});

const bothOrNeither = (site: { latitude: number | null; longitude: number | null }, ctx: z.RefinementCtx) => {
  if ((site.latitude === null) !== (site.longitude === null)) {
    ctx.addIssue({ code: 'custom', path: [site.latitude === null ? 'latitude' : 'longitude'], message: MSG.coordinatesIncomplete });
  }
};

export const siteRequest = siteFields.superRefine(bothOrNeither);
export type SiteRequest = z.input<typeof siteRequest>;
export const siteUpdateRequest = siteFields.extend({ id }).superRefine(bothOrNeither);
export type SiteUpdateRequest = z.input<typeof siteUpdateRequest>;

/**
 * Every site of a business that has a pin, as a map draws it (GET /api/v1/teams/places): no
 * paging, no ranks; `unplaced` counts the sites without coordinates.
 */
export const sitePlaces = z.object({
  items: z.array(z.object({ id: z.number(), name: z.string(), latitude: z.number(), longitude: z.number() })),
  unplaced: z.number().int(),
});
export type SitePlaces = z.infer<typeof sitePlaces>;

export const site = z.object({
  id: z.number(),
  name: z.string(),
  projectId: z.number(),
  project: z.object({ id: z.number(), name: z.string() }),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radius: z.number(),
  /** The polygon geofence ([latitude, longitude] vertices), which replaces the circle when set. */
  polygon: z.array(z.tuple([z.number(), z.number()])).nullable(),
  typeId: z.number().nullable(),
  siteType: lookupRef.nullable(),
  externalId: z.string().nullable(),
  whatsApp: z.string().nullable(),
  membersCount: z.number(),
  /** Null until reports rank sites. */
  rank: z.number().nullable(),
  /** The average score (0–100) of its finished inspections over the last 30 days; null when none was scored. */
  averageScore: z.number().nullable(),
});
export type Site = z.infer<typeof site>;

export const sitesQuery = listAllQuery.extend({
  projectId: id.optional(),
  searchKey: z.string().trim().max(100, maxMessage(100)).optional(),
});
export type SitesQuery = z.input<typeof sitesQuery>;
/** The site list's filters as the server reads them. */
export type SitesFilter = Pick<z.infer<typeof sitesQuery>, 'projectId' | 'searchKey'>;

// ---------------------------------------------------------------- site members

/** A member's place in one site (spec §3 "Team member"). */
export const teamMember = z.object({
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  authority: z.enum(SITE_AUTHORITIES),
  position: z.string().nullable(),
  teamId: z.number(),
  businessId: z.number(),
  active: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const memberAssignment = z.object({
  userId: id,
  role: z.enum(SITE_AUTHORITIES),
  position: optionalText(100),
});
export const assignMembersRequest = z
  .array(memberAssignment)
  .min(1, MSG.selectUser)
  .max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE))
  .refine((list) => new Set(list.map((a) => a.userId)).size === list.length, MSG.duplicateMembers);
export type AssignMembersRequest = z.input<typeof assignMembersRequest>;

export const inviteMemberRequest = z.object({
  name: entityName(),
  email,
  password,
  position: optionalText(100),
  role: z.enum(SITE_AUTHORITIES).default('MEMBER'),
  externalId: optionalText(100),
});
export type InviteMemberRequest = z.input<typeof inviteMemberRequest>;

export const inviteToSitesRequest = inviteMemberRequest.extend({
  teams: z
    .array(id)
    .min(1, MSG.selectSite)
    .max(100, maxMessage(100))
    .refine((list) => new Set(list).size === list.length, MSG.duplicateSites),
});
export type InviteToSitesRequest = z.input<typeof inviteToSitesRequest>;

// ---------------------------------------------------------------- members

/** A non-empty search needs MEMBER_SEARCH_MIN_LENGTH characters (DESIGN §10). */
export const memberSearchKey = z
  .string()
  .trim()
  .max(100, maxMessage(100))
  .optional()
  .refine((v) => !v || v.length >= MEMBER_SEARCH_MIN_LENGTH, MSG.memberSearchTooShort)
  .transform((v) => v || undefined);

export const businessMembersQuery = pageQuery.extend({
  sort: z
    .string()
    .regex(/^(id|name)(,(asc|desc))?$/, MSG.invalid)
    .optional(),
  searchKey: memberSearchKey,
  userId: id.optional(),
  projects: idList,
  teams: idList,
});
export type BusinessMembersQuery = z.input<typeof businessMembersQuery>;

export const memberUpdateRequest = z.object({
  name: entityName(),
  email,
  countryCode,
  phone,
  /** The business role; omitted keeps the current one. */
  role: z.enum(BUSINESS_ROLES).optional(),
  position: optionalText(100),
});
export type MemberUpdateRequest = z.input<typeof memberUpdateRequest>;

// ---------------------------------------------------------------- transfers

export const transferMemberRequest = z.object({
  executionPlanIds: z.array(id).max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)).default([]),
  toTeamId: id,
});
export type TransferMemberRequest = z.input<typeof transferMemberRequest>;

export const transferSiteRequest = z.object({ newProjectId: id });
export type TransferSiteRequest = z.input<typeof transferSiteRequest>;
