// Reads the app's own OpenAPI document and turns every operation that takes an id (in its path,
// query or body) into requests for the tenancy sweep (tenancy-sweep.test.ts): which entity each id
// names, inferred from its name, and for a bare `id` from the path segment before it. Built from
// the document rather than a list, so an endpoint added later is swept without anyone remembering
// to; an id the rules cannot place is reported by path and name, so its mapping gets added here.
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { API_TOKEN_AREAS } from '@fieldops/shared/api-tokens';
import { IMAGES, multipart } from './factories.ts';
import type { Entity } from './tenancy-world.ts';

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  pattern?: string;
  format?: string;
}
interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The zod schemas a route validates with: the sweep checks its own requests against them first. */
interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}
const isParser = (value: unknown): value is Parser => typeof (value as Partial<Parser> | undefined)?.safeParse === 'function';

/**
 * Every route's options as it is added to the next app built: `config.access` and `consumes` are
 * not in the OpenAPI document. Fastify announces each new instance on this channel before any
 * plugin registers, which is the only moment an onRoute hook sees every route.
 */
export function recordRoutes() {
  const routes = new Map<string, RouteOptions>();
  const onInit = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route);
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  return { routes, stop: () => diagnostics.unsubscribe('fastify.initialization', onInit) };
}

/** Names that say which entity an id is of (`teams`, `teamId`, `toTeamId`, a path segment `teams/{id}`). */
const WORDS: Record<string, Entity> = {
  business: 'business',
  businesses: 'business',
  apiKey: 'apiKey',
  user: 'user',
  users: 'user',
  member: 'user',
  members: 'user',
  agent: 'user',
  // Who acted, in the audit log's filter.
  actor: 'user',
  project: 'project',
  projects: 'project',
  team: 'site',
  teams: 'site',
  site: 'site',
  sites: 'site',
  // Where something moves to: another site or project of the same business, or the move is refused as no move at all.
  newProject: 'otherProject',
  toTeam: 'otherSite',
  // Where a routing rule sends tickets: the supervisors of a site or of a project's sites.
  targetTeam: 'site',
  targetProject: 'project',
  task: 'task',
  tasks: 'task',
  action: 'action',
  actions: 'action',
  baseAction: 'action',
  section: 'section',
  sections: 'section',
  tag: 'tag',
  tags: 'tag',
  template: 'template',
  templates: 'template',
  'execution-plans': 'plan',
  executionPlan: 'plan',
  group: 'plan',
  plan: 'plan',
  schedule: 'schedule',
  schedules: 'schedule',
  'action-results': 'answer',
  ticket: 'ticket',
  tickets: 'ticket',
  attachment: 'attachment',
  comment: 'comment',
  category: 'category',
  'ticket-categories': 'category',
  invitation: 'invitation',
  invitations: 'invitation',
  'export-links': 'exportLink',
  'inspection-shares': 'inspectionShare',
  'cover-requests': 'coverRequest',
  imports: 'import',
  import: 'import',
  notifications: 'notification',
  outbox: 'mail',
  jobs: 'job',
  kiosks: 'kiosk',
  kiosk: 'kiosk',
  webhooks: 'webhook',
  delivery: 'webhookDelivery',
  holidays: 'holiday',
  'api-tokens': 'apiToken',
};
/** Lists whose items' `id` is of an entity (`projectTypes: [{ id, nameEn, nameAr }]`). */
const ITEMS_OF: Record<string, Entity> = { projectTypes: 'projectType', teamTypes: 'siteType' };
/** Reference data every business shares (the industries list): not another business's, nothing to sweep. */
const SHARED = new Set(['industry']);
/**
 * Named like ids but not row ids: a code the business types for its own records; the areas of an
 * API token's scopes (`scopes.tasks` is a level, read or write), named with their path; the audit
 * log's target id, which names a thing of any kind (and filters only the business's own entries);
 * the client id a business's OpenID Connect provider gave it.
 */
const NOT_IDS = new Set([
  'externalId',
  '/api/v1/sso clientId',
  '/api/v1/audit-log targetId',
  '/api/v1/audit-log/export targetId',
  ...API_TOKEN_AREAS.map((area) => `/api/v1/api-tokens ${area}`),
]);
/**
 * Path parameters that name no entity: a line of an import's file, under the import the path
 * names; a calendar date (a public holiday is the country's, whichever business asks).
 */
const NOT_ID_PATH_PARAMETERS = new Set(['row', 'date']);
/** Segments that qualify the entity before them rather than name one (`/report/members/kpi/{id}`). */
const QUALIFIERS = new Set(['kpi', 'ids']);
/** Where a path segment would name the wrong entity. */
const OVERRIDES: Record<string, Entity> = {
  // A "schedules" KPI is one execution plan's (the route's summary says so), not one schedule's.
  '/services/workflow/api/v1/report/schedules/kpi/{id} id': 'plan',
  // A photo in the review queue is named by its answer ("answer" alone is an answer's value elsewhere).
  '/services/workflow/api/v1/photo-reviews/{answerId} answerId': 'answer',
};

export interface Slot {
  where: 'path' | 'query' | 'body';
  name: string;
  entity: Entity;
  /** Inside the body: the property path ([] for a body that is itself a list of ids). */
  at: (string | number)[];
  list: boolean;
  required: boolean;
}

export interface Operation {
  method: string;
  path: string;
  access: 'public' | 'user' | 'business' | 'kiosk';
  multipart: boolean;
  params: OpenApiParameter[];
  body: JsonSchema | null;
  slots: Slot[];
  route: RouteOptions | undefined;
}

/** The entity `name` is an id of; null when the name is no id at all, 'unmapped' when it is one the rules cannot place. */
function entityOf(path: string, name: string, before: number, parent?: string): Entity | 'shared' | 'unmapped' | null {
  const override = OVERRIDES[`${path} ${name}`];
  if (override) return override;
  const base = name === 'id' || name === 'ids' ? '' : name.replace(/Ids?$/, '');
  const isId = base !== name || name in WORDS;
  if (!isId || NOT_IDS.has(name) || NOT_IDS.has(`${path} ${name}`)) return null;
  if (SHARED.has(base)) return 'shared';
  if (base === 'type') return /\/teams\b/.test(path) ? 'siteType' : 'projectType';
  if (base !== '') return WORDS[base] ?? 'unmapped';
  if (parent) return ITEMS_OF[parent] ?? WORDS[parent] ?? 'unmapped';
  const segments = path.split('/').slice(0, before);
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i];
    if (segment.startsWith('{') || QUALIFIERS.has(segment)) continue;
    return WORDS[segment] ?? 'unmapped';
  }
  return 'unmapped';
}

const pick = (schema: JsonSchema): JsonSchema => (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null') ?? schema;

/** The id slots of a body schema; ids it cannot place go to `unmapped`. */
function bodySlots(label: string, path: string, schema: JsonSchema, unmapped: string[]) {
  const slots: Slot[] = [];
  const walk = (s: JsonSchema, at: (string | number)[], required: boolean, parent?: string) => {
    const node = pick(s);
    if (node.type === 'array' && node.items) walk(node.items, [...at, 0], required && (node.minItems ?? 0) > 0, parent);
    for (const [name, prop] of Object.entries(node.properties ?? {})) {
      const entity = entityOf(path, name, path.split('/').length, parent);
      const isRequired = required && (node.required ?? []).includes(name);
      if (entity === 'unmapped') unmapped.push(`${label}: body property "${[...at, name].join('.')}"`);
      else if (entity && entity !== 'shared')
        slots.push({ where: 'body', name, entity, at: [...at, name], list: pick(prop).type === 'array', required: isRequired });
      else if (!entity) walk(prop, [...at, name], isRequired, name);
    }
  };
  const root = pick(schema);
  if (root.type === 'array' && pick(root.items ?? {}).type === 'integer') {
    // A body that is a bare list of ids (POST /api/users/ids): the path says of what.
    const entity = entityOf(path, 'ids', path.split('/').length);
    if (entity === 'unmapped' || entity === 'shared' || !entity) unmapped.push(`${label}: body (a list of ids)`);
    else slots.push({ where: 'body', name: 'ids', entity, at: [], list: true, required: true });
  } else walk(schema, [], true);
  return slots;
}

/** Every operation of the document with the ids it takes, and the ids no rule could place. */
export function operationsOf(doc: OpenApiDocument, routes: Map<string, RouteOptions>) {
  const operations: Operation[] = [];
  const unmapped: string[] = [];
  const publicOnes: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [lower, spec] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const route = routes.get(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      if (!route) unmapped.push(`${method} ${path}: no route recorded, so its declared access is unknown`);
      const access = route?.config?.access ?? 'business';
      // Public routes (sign-in, register, activation by key, health, files by their random key)
      // answer anyone by design: an id there is not another business's to protect.
      if (access === 'public') {
        publicOnes.push(`${method} ${path}`);
        continue;
      }
      const content = spec.requestBody?.content ?? {};
      const consumes = [...(route?.schema?.consumes ?? []), ...Object.keys(content)];
      const isMultipart = consumes.includes('multipart/form-data');
      const body = content['application/json']?.schema ?? content['multipart/form-data']?.schema ?? null;
      const params = spec.parameters ?? [];
      const slots: Slot[] = [];
      for (const p of params) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        const before = path.split('/').indexOf(`{${p.name}}`);
        const entity = entityOf(path, p.name, before);
        if (p.in === 'path' && !entity && !p.schema?.enum && !NOT_ID_PATH_PARAMETERS.has(p.name))
          unmapped.push(`${method} ${path}: path parameter "${p.name}" (no entity for it)`);
        if (entity === 'unmapped') unmapped.push(`${method} ${path}: ${p.in} parameter "${p.name}"`);
        else if (entity && entity !== 'shared')
          slots.push({ where: p.in, name: p.name, entity, at: [], list: false, required: p.in === 'path' || !!p.required });
      }
      if (body) slots.push(...bodySlots(`${method} ${path}`, path, body, unmapped));
      operations.push({ method, path, access, multipart: isMultipart, params, body, slots, route });
    }
  }
  return { operations, publicOnes, unmapped: [...new Set(unmapped)] };
}

/**
 * The file field of multipart operations whose document declares no form (most take "file"):
 * a file under another name is refused as malformed before any id is looked at.
 */
const FILE_FIELDS: Record<string, string> = { '/services/helpdesk/api/v1/tickets/{id}/attachments': 'attachments' };

/**
 * Values for what a schema cannot say: times that make a valid range, an answer as JSON text, a
 * name where either language's is required, a real time zone, a capture time, so that an
 * answer is swept as the device's outbox sends it (where a removed schedule's answer is kept), and
 * one of a task's settings, where one of them is required, a pool, which needs no member,
 * an import row's change, an SLA rule's target, where one of two is required, and a routing rule's
 * strategy (a hint wins over an enum's first value).
 */
const HINTS: Record<string, unknown> = {
  startTime: '08:00',
  endTime: '17:00',
  value: '"YES"',
  nameEn: 'Sweep',
  timeZone: 'Asia/Riyadh',
  capturedAt: new Date().toISOString(),
  geoRestrictionEnabled: true,
  // A plan for a pool names its members only if it likes; named members need one at least.
  pooled: true,
  // A change to an import's row says what changes: its values or whether it is skipped.
  skip: true,
  resolutionMinutes: 60,
  // A routing rule whose strategy reads any of its targets (MEMBER needs a member).
  strategy: 'FEWEST_OPEN',
};
const today = () => new Date().toISOString().slice(0, 10);

function stringFor(s: JsonSchema): string {
  if (s.format === 'email') return 'sweep@example.com';
  const candidates = [today(), '08:00', '#336699', '+966', '0100', 'Sweep'];
  const found = s.pattern ? candidates.find((c) => new RegExp(s.pattern ?? '', 'u').test(c)) : undefined;
  return (found ?? 'Sweep').padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 100);
}

type Assigned = { at: (string | number)[]; value: unknown; entity: Entity }[];
const startsWith = (at: (string | number)[], prefix: (string | number)[]) => prefix.every((p, i) => at[i] === p);

/** A minimal valid value: required properties and hinted ones, plus whatever the sweep assigns. */
function generate(schema: JsonSchema, at: (string | number)[], assigned: Assigned, name?: string): unknown {
  const own = assigned.find((a) => a.at.length === at.length && startsWith(a.at, at));
  if (own) return own.value;
  const s = pick(schema);
  if (name && name in HINTS) return HINTS[name];
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      // An enum naming the kind of an id beside it (targetType: 'PROJECT' next to projectId) is set
      // to that kind: with another, the server would rightly ignore the id and the case test nothing.
      // A list of ids beside it (a routing rule's memberIds) names a group, not the kind.
      const kinds = assigned.filter((a) => a.at.length === at.length + 1 && startsWith(a.at, at) && !Array.isArray(a.value)).map((a) => a.entity);
      for (const [prop, ps] of Object.entries(s.properties ?? {})) {
        const under = [...at, prop];
        const kind = pick(ps).enum?.find((v) => typeof v === 'string' && kinds.includes(WORDS[v.toLowerCase()]));
        if (kind !== undefined) {
          out[prop] = kind;
          continue;
        }
        const wanted = (s.required ?? []).includes(prop) || prop in HINTS || assigned.some((a) => startsWith(a.at, under));
        if (wanted) out[prop] = generate(ps, under, assigned, prop);
      }
      return out;
    }
    case 'array':
      return (s.minItems ?? 0) > 0 || assigned.some((a) => startsWith(a.at, [...at, 0])) ? [generate(s.items ?? {}, [...at, 0], assigned, name)] : [];
    case 'integer':
    case 'number':
      return s.minimum === undefined ? 1 : Math.max(s.minimum + (s.exclusiveMinimum === true ? 1 : 0), 1);
    case 'boolean':
      return false;
    default:
      return stringFor(s);
  }
}

/** How a request fills one slot: this value, or left out (an optional id the case is not about). */
export type Fill = (slot: Slot) => number | string | undefined;

/** The request for an operation with its slots filled; `problems` lists where it breaks the route's own schemas. */
export function buildRequest(op: Operation, fill: Fill): { options: InjectOptions; problems: string[] } {
  const value = (slot: Slot) => {
    const v = fill(slot);
    return v === undefined || !slot.list ? v : [v];
  };
  const pathParams: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of op.params) {
    const slot = op.slots.find((s) => s.where === p.in && s.name === p.name);
    const v = slot ? value(slot) : p.in === 'path' || p.required ? generate(p.schema ?? {}, [], [], p.name) : undefined;
    if (v === undefined) continue;
    if (p.in === 'path') pathParams[p.name] = String(v);
    else if (p.in === 'query') query[p.name] = String(v);
  }
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name]));
  const assigned: Assigned = op.slots
    .filter((s) => s.where === 'body')
    .flatMap((s) => {
      const v = value(s);
      return v === undefined ? [] : [{ at: s.at, value: v, entity: s.entity }];
    });
  const options: InjectOptions = { method: op.method as InjectOptions['method'], url, query };
  let body: unknown;
  if (op.multipart) {
    // Fields as text, and a real image: were a refused upload stored, the uploads folder would show it.
    const generated = (op.body ? generate(op.body, [], assigned) : { text: 'Sweep comment' }) as Record<string, unknown>;
    const fields = Object.fromEntries(Object.entries(generated ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    Object.assign(options, multipart(fields, [{ field: FILE_FIELDS[op.path] ?? 'file', filename: 'photo.png', type: 'image/png', data: IMAGES.png }]));
  } else if (op.body) {
    body = generate(op.body, [], assigned);
    options.payload = body as InjectOptions['payload'];
  }
  const problems: string[] = [];
  const schema = op.route?.schema;
  const checks: [string, unknown, unknown][] = [
    ['params', schema?.params, pathParams],
    ['query', schema?.querystring, query],
  ];
  if (!op.multipart) checks.push(['body', schema?.body, body]);
  for (const [part, parser, input] of checks) {
    if (!isParser(parser)) continue;
    const result = parser.safeParse(input);
    if (!result.success) problems.push(`${part}: ${(result.error?.issues ?? []).map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  return { options, problems };
}
