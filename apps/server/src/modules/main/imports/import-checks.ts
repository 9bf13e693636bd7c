// The checks on one import row, without the database: what the row asks for, what is wrong with
// it (a column and a message each), and the identity that finds a repeat of it in the file or the
// member or site the business already has. The look-ups it needs (sites, projects, site types)
// come from imports.repository.ts.
import type { z } from 'zod';
import { email as emailSchema, entityName, optionalText } from '@fieldops/shared/common';
import { SITE_AUTHORITIES, type SiteAuthority } from '@fieldops/shared/enums';
import { IMPORT_LIST_SEPARATORS, type ImportProblem } from '@fieldops/shared/imports';
import { DEFAULT_GEOFENCE_RADIUS_M } from '@fieldops/shared/limits';
import { MSG, maxMessage, minMessage } from '@fieldops/shared/messages';
import type { SiteValues as SiteRowValues } from '../teams/teams.service.ts';

const nameSchema = entityName();
const textSchema = optionalText(100);

/** The first message of a failed parse, or null. */
function problemOf(schema: z.ZodType, value: string): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG.invalid);
}

const lower = (v: string) => v.trim().toLowerCase();

const ROLE_WORDS: Record<string, SiteAuthority> = {
  member: 'MEMBER',
  supervisor: 'SUPERVISOR',
  عضو: 'MEMBER',
  مشرف: 'SUPERVISOR',
};

/** What a member row asks for, once it has no problem. */
export interface MemberValues {
  name: string;
  email: string | null;
  teamIds: number[];
  role: SiteAuthority;
  position: string | null;
  externalId: string | null;
}

export interface MemberLookups {
  /** Lower-cased site names and external IDs to site ids. */
  sites: Map<string, number>;
}

export interface Checked<T> {
  problems: ImportProblem[];
  /** Null when the row has problems. */
  values: T | null;
  /** Rows of one file with the same key are the same member or site. */
  matchKey: string | null;
}

/** Checks a member row: name, e-mail, sites, role, position and external ID. */
export function checkMemberRow(raw: Record<string, string>, lookups: MemberLookups): Checked<MemberValues> {
  const problems: ImportProblem[] = [];
  const get = (key: string) => (raw[key] ?? '').trim();
  const note = (field: string, message: string | null) => {
    if (message) problems.push({ field, message });
  };
  const name = get('name').replace(/\s+/g, ' ');
  note('name', problemOf(nameSchema, name));
  const email = get('email') ? lower(get('email')) : null;
  if (email) note('email', problemOf(emailSchema, email));
  const teamIds: number[] = [];
  for (const token of get('sites').split(IMPORT_LIST_SEPARATORS)) {
    const site = token.trim();
    if (!site) continue;
    const teamId = lookups.sites.get(lower(site));
    if (teamId === undefined) {
      note('sites', MSG.importUnknownSite);
      break;
    }
    if (!teamIds.includes(teamId)) teamIds.push(teamId);
  }
  const roleText = lower(get('role'));
  const role: SiteAuthority | undefined = roleText === '' ? 'MEMBER' : (ROLE_WORDS[roleText] ?? SITE_AUTHORITIES.find((r) => r.toLowerCase() === roleText));
  if (!role) note('role', MSG.importUnknownRole);
  note('position', problemOf(textSchema, get('position')));
  note('externalId', problemOf(textSchema, get('externalId')));
  const externalId = get('externalId') || null;
  const matchKey = email ? `e:${email}` : externalId ? `x:${lower(externalId)}` : name ? `n:${lower(name)}` : null;
  if (problems.length > 0 || !role) return { problems, values: null, matchKey };
  return { problems, values: { name, email, teamIds, role, position: get('position') || null, externalId }, matchKey };
}

/** What a site row asks for, once it has no problem: a site's values but its WhatsApp link. */
export type SiteValues = Omit<SiteRowValues, 'whatsApp'>;

export interface SiteLookups {
  /** Lower-cased project names to ids. */
  projects: Map<string, number>;
  /** Lower-cased site type names, English or Arabic, to ids. */
  siteTypes: Map<string, number>;
}

/** A number as people type it: "24.7136", "24,7136" (a decimal comma) or with spaces. */
function numberOf(text: string): number | null {
  const compact = text.replace(/\s+/g, '');
  const normal = /^-?\d+,\d+$/.test(compact) ? compact.replace(',', '.') : compact;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(normal)) return null;
  return Number(normal);
}

function inRange(field: string, text: string, min: number, max: number, problems: ImportProblem[], integer = false): number | null {
  if (text === '') return null;
  const value = numberOf(text);
  if (value === null || (integer && !Number.isInteger(value))) {
    problems.push({ field, message: MSG.importNotNumber });
    return null;
  }
  if (value < min) problems.push({ field, message: minMessage(min) });
  else if (value > max) problems.push({ field, message: maxMessage(max) });
  return value;
}

/** Checks a site row: name, project, coordinates, geofence radius, type and external ID. */
export function checkSiteRow(raw: Record<string, string>, lookups: SiteLookups): Checked<SiteValues> {
  const problems: ImportProblem[] = [];
  const get = (key: string) => (raw[key] ?? '').trim();
  const name = get('name').replace(/\s+/g, ' ');
  const nameProblem = problemOf(nameSchema, name);
  if (nameProblem) problems.push({ field: 'name', message: nameProblem });
  const project = get('project');
  const projectId = project ? lookups.projects.get(lower(project)) : undefined;
  if (!project) problems.push({ field: 'project', message: MSG.required });
  else if (projectId === undefined) problems.push({ field: 'project', message: MSG.importUnknownProject });
  const latitude = inRange('latitude', get('latitude'), -90, 90, problems);
  const longitude = inRange('longitude', get('longitude'), -180, 180, problems);
  if ((get('latitude') === '') !== (get('longitude') === '')) {
    problems.push({ field: get('latitude') === '' ? 'latitude' : 'longitude', message: MSG.coordinatesIncomplete });
  }
  const radius = inRange('radius', get('radius'), 10, 10_000, problems, true) ?? DEFAULT_GEOFENCE_RADIUS_M;
  const type = get('type');
  const typeId = type ? lookups.siteTypes.get(lower(type)) : undefined;
  if (type && typeId === undefined) problems.push({ field: 'type', message: MSG.importUnknownSiteType });
  const externalIdProblem = problemOf(textSchema, get('externalId'));
  if (externalIdProblem) problems.push({ field: 'externalId', message: externalIdProblem });
  const externalId = get('externalId') || null;
  const matchKey = externalId ? `x:${lower(externalId)}` : name && project ? `n:${lower(name)}@${lower(project)}` : null;
  if (problems.length > 0 || projectId === undefined) return { problems, values: null, matchKey };
  return { problems, values: { name, projectId, latitude, longitude, radius, typeId: typeId ?? null, externalId }, matchKey };
}
