// Random and hostile requests for any operation of the app's own OpenAPI document (fast-check
// arbitraries), for the sweep in openapi-sweep.test.ts. Values are derived loosely from each
// operation's schemas, mixed with wrong types, NUL characters, huge and malformed input.
import fc from 'fast-check';
import { IMAGES } from './factories.ts';

/** The part of an OpenAPI 3 JSON schema that @fastify/swagger's zod transform writes. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
}
export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** Known-good values from the fixture: ids of its rows and its API key, so requests get past lookups. */
export interface Pools {
  ids: number[];
  strings: string[];
}

export type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; payload: string | Buffer; label: string };

export interface SweepRequest {
  method: string;
  url: string;
  body: Body;
  /** Sent without the owner's token. */
  anonymous?: boolean;
}

/** The address with its first letter %-escaped (`/%61pi/…`): the router decodes it and routes it like the plain one. */
export const escapedPath = (url: string) => url.replace(/^\/([a-z])/, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`);

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(70_000),
  '%00',
  '%E0%A4%A',
  '1e30',
  '-1',
  '0',
  '9'.repeat(40),
  'null',
  '[]',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  'مرحبا بالعالم',
  '😀🎉',
  '\uD800',
  'a\r\nb',
  '\u202Eevil',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '24:45',
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
];
const HOSTILE_NUMBERS = [0, -1, 1.5, 1e30, -1e30, 2 ** 31, 2 ** 53, 2 ** 63, Number.MAX_VALUE, Number.MIN_VALUE];
/** Path segments as sent on the wire (already %-encoded, or deliberately not). */
const HOSTILE_SEGMENTS = [
  '1e30',
  '-1',
  '0',
  '1.5',
  '9'.repeat(25),
  'a%00b',
  '%00',
  'x'.repeat(300),
  '%E0%A4%A',
  '%',
  '%2e%2e',
  encodeURIComponent('مرحبا'),
  'null',
];
/** Query values as sent on the wire. */
const HOSTILE_QUERY_VALUES = ['a%00b', '1e30', '1,1e30', '-1', 'x'.repeat(5_000), '%E0%A4%A', '', '1,,2', '%F0%9F%98%80'];

/** Arrays 2,000 deep: JSON.stringify still writes them; deeper ones go as raw text (RAW_BODIES). */
const DEEPLY_NESTED: unknown = JSON.parse(`${'['.repeat(2_000)}${']'.repeat(2_000)}`);

/** encodeURIComponent; a lone surrogate, which it cannot encode, goes as an encoded surrogate (not valid UTF-8). */
function encodeSegment(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

const wrongValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.constant(null),
    fc.boolean(),
    fc.constant([]),
    fc.constant({}),
    fc.constant(DEEPLY_NESTED),
    fc.jsonValue({ maxDepth: 2 }),
  );

function stringFor(schema: JsonSchema, pools: Pools): fc.Arbitrary<string> {
  const limit = schema.maxLength ?? 40;
  const arbitraries: fc.Arbitrary<string>[] = [
    fc.string({ maxLength: Math.min(limit + 2, 300) }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...pools.strings, ...pools.ids.map(String)),
  ];
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) {
    arbitraries.push(
      fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
        .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
    );
  }
  if (schema.pattern?.includes(':(00|15|30|45)')) {
    arbitraries.push(
      fc
        .tuple(fc.integer({ min: 0, max: 25 }), fc.constantFrom(0, 15, 30, 45, 59))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
    );
  }
  return fc.oneof(...arbitraries);
}

function numberFor(schema: JsonSchema, pools: Pools): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1_000, -1_000_000);
  const max = Math.min(schema.maximum ?? 1_000_000, 1_000_000);
  const inRange = schema.type === 'integer' ? fc.integer({ min, max: Math.max(min, max) }) : fc.double({ min, max: Math.max(min, max), noNaN: true });
  return fc.oneof(inRange, fc.constantFrom(...pools.ids), fc.constantFrom(...HOSTILE_NUMBERS));
}

/** A value for `schema`: usually of its shape (with random content), sometimes of a wrong one. */
export function valueFor(schema: JsonSchema | undefined, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.jsonValue({ maxDepth: 2 });
  let shaped: fc.Arbitrary<unknown>;
  if (schema.enum) shaped = fc.constantFrom(...schema.enum);
  else if (schema.anyOf) shaped = fc.oneof(...schema.anyOf.map((s) => valueFor(s, pools, depth + 1)));
  else if (schema.type === 'string') shaped = stringFor(schema, pools);
  else if (schema.type === 'integer' || schema.type === 'number') shaped = numberFor(schema, pools);
  else if (schema.type === 'boolean') shaped = fc.boolean();
  else if (schema.type === 'array') shaped = fc.array(valueFor(schema.items, pools, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
  else if (schema.type === 'object' && schema.properties) {
    const props = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, valueFor(s, pools, depth + 1)]));
    const required = (schema.required ?? []).filter((k) => k in props);
    shaped = fc.oneof(
      { weight: 3, arbitrary: fc.record(props, { requiredKeys: required }) },
      { weight: 1, arbitrary: fc.record(props, { requiredKeys: [] }) },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.record(props, { requiredKeys: required }), fc.string(), fc.jsonValue({ maxDepth: 1 })).map(([o, k, v]) => ({ ...o, [k]: v })),
      },
    );
  } else shaped = fc.jsonValue({ maxDepth: 2 });
  return fc.oneof({ weight: 12, arbitrary: shaped }, { weight: 1, arbitrary: wrongValue() });
}

/** A multipart body built by hand, as a browser's FormData would send it. */
function multipartBody(boundary: string, fields: [string, string][], files: { field: string; filename: string; data: Buffer }[]) {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: image/png\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * Multipart forms, well formed or not: fields named by the operation's form schema (or common
 * upload names), images and non-images, a missing, empty or wrong boundary, a body cut short.
 * Text values hold no NUL: those are lib/uploads.ts's to refuse, reported by its own tests.
 */
function multipartFor(schema: JsonSchema | undefined): fc.Arbitrary<Body> {
  const names = [...Object.keys(schema?.properties ?? {}), 'file', 'attachments', 'text', 'avatar'];
  const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...HOSTILE_STRINGS.filter((s) => !s.includes('\u0000'))));
  const field = fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ minLength: 1, maxLength: 8 })), text);
  const file = fc.record({
    field: fc.constantFrom(...names),
    filename: fc.constantFrom('a.png', 'b.gif', '../x.png', 'nul.png'),
    data: fc.constantFrom(IMAGES.png, IMAGES.gif, IMAGES.fakePng, Buffer.alloc(0)),
  });
  return fc
    .record({
      fields: fc.array(
        field.filter(([name]) => /^[\w.-]+$/.test(name)),
        { maxLength: 4 },
      ),
      files: fc.array(file, { maxLength: 2 }),
      defect: fc.constantFrom('none', 'none', 'no boundary', 'empty boundary', 'other boundary', 'cut short'),
    })
    .map(({ fields, files, defect }): Body => {
      const payload = multipartBody('fuzzboundary', fields, files);
      const contentType =
        defect === 'no boundary'
          ? 'multipart/form-data'
          : defect === 'empty boundary'
            ? 'multipart/form-data; boundary='
            : defect === 'other boundary'
              ? 'multipart/form-data; boundary=another'
              : 'multipart/form-data; boundary=fuzzboundary';
      return {
        kind: 'raw',
        contentType,
        payload: defect === 'cut short' ? payload.subarray(0, Math.floor(payload.length / 2)) : payload,
        label: `multipart (${defect})`,
      };
    });
}

const RAW_BODIES: Body[] = [
  { kind: 'raw', contentType: 'application/json', payload: '{"a":', label: 'truncated JSON' },
  { kind: 'raw', contentType: 'application/json', payload: '\u0000', label: 'a NUL as JSON' },
  { kind: 'raw', contentType: 'application/json', payload: '{"__proto__":{"x":1}}', label: 'prototype poisoning' },
  { kind: 'raw', contentType: 'application/json', payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, label: 'JSON nested 100,000 deep' },
  { kind: 'raw', contentType: 'application/json', payload: `"${'x'.repeat(2_000_000)}"`, label: 'a 2 MB JSON string' },
  { kind: 'raw', contentType: 'text/plain', payload: 'hello', label: 'text/plain' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00', label: 'url-encoded form' },
  { kind: 'raw', contentType: 'application/xml', payload: '<a/>', label: 'XML' },
  { kind: 'raw', contentType: 'multipart/form-data', payload: multipartBody('x', [['text', 'hi']], []), label: 'multipart without boundary' },
];

/** The body kinds of one operation: JSON of (loosely) its schema, raw malformed or mistyped bodies, multipart forms. */
export function bodyFor(operation: Operation, method: string, pools: Pools): fc.Arbitrary<Body> {
  const content = operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const formSchema = content['multipart/form-data']?.schema;
  if (method === 'GET' || method === 'HEAD') {
    return fc.oneof({ weight: 9, arbitrary: fc.constant<Body>({ kind: 'none' }) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) });
  }
  return fc.oneof(
    { weight: jsonSchema ? 6 : 1, arbitrary: valueFor(jsonSchema, pools).map((value): Body => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: formSchema ? 6 : 2, arbitrary: multipartFor(formSchema) },
  );
}

/** A value for one query parameter, already %-encoded (or deliberately malformed). */
function queryValueFor(schema: JsonSchema | undefined, pools: Pools): fc.Arbitrary<string> {
  const idList = fc.array(fc.constantFrom(...pools.ids, 1e30, -1, 0), { minLength: 1, maxLength: 3 }).map((ids) => ids.join(','));
  return fc.oneof(
    { weight: 6, arbitrary: valueFor(schema, pools).map((v) => encodeSegment(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
    { weight: 1, arbitrary: idList.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_QUERY_VALUES) },
  );
}

/** A whole request for one operation: path parameters, query string and body, all random. */
export function requestFor(path: string, method: string, operation: Operation, pools: Pools): fc.Arbitrary<SweepRequest> {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const segment = (p: Parameter) =>
    fc.oneof(
      { weight: 4, arbitrary: p.schema?.enum ? fc.constantFrom(...p.schema.enum.map(String)) : fc.constantFrom(...pools.ids.map(String), ...pools.strings) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(encodeSegment) },
    );
  const query = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        queryValueFor(p.schema, pools).map((v) => `${encodeSegment(p.name)}=${v}`),
        { nil: undefined, freq: 1 },
      ),
    ),
    fc.option(
      fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...HOSTILE_QUERY_VALUES)).map(([k, v]) => `${encodeSegment(k)}=${v}`),
      { nil: undefined, freq: 4 },
    ),
  );
  return fc
    .record({
      segments: fc.tuple(...pathParams.map(segment)),
      query,
      body: bodyFor(operation, method, pools),
    })
    .map(({ segments, query: parts, body }) => {
      let url = path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, segments[i])));
      const search = parts.filter((q) => q !== undefined).join('&');
      return { method, url: search ? `${url}?${search}` : url, body };
    });
}

/**
 * The fixed hostile cases of one operation, sent whatever the random runs draw: each path
 * parameter, query parameter and top-level body text holding a NUL or an out-of-range number,
 * each malformed body, OPTIONS and HEAD of its address, and its address %-escaped.
 */
export function hostileCases(path: string, method: string, operation: Operation, pools: Pools): SweepRequest[] {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const valid = (p: Parameter) => (p.schema?.enum ? String(p.schema.enum[0]) : String(pools.ids[0]));
  const withPath = (bad?: { param: Parameter; value: string }) =>
    pathParams.reduce((url, p) => url.replace(`{${p.name}}`, p === bad?.param ? bad.value : valid(p)), path);
  const validPath = withPath();
  const cases: SweepRequest[] = [];
  for (const param of pathParams) {
    for (const value of ['1e30', 'a%00b', 'x'.repeat(300), '%E0%A4%A']) cases.push({ method, url: withPath({ param, value }), body: { kind: 'none' } });
  }
  for (const p of params.filter((q) => q.in === 'query')) {
    for (const bad of ['a%00b', '1e30', '1,1e30']) cases.push({ method, url: `${validPath}?${encodeSegment(p.name)}=${bad}`, body: { kind: 'none' } });
  }
  // The same address asked with the other methods a client may send (with and without a token),
  // and written %-escaped, which must meet every guard the plain one meets.
  for (const anonymous of [false, true]) {
    cases.push({ method: 'OPTIONS', url: validPath, body: { kind: 'none' }, anonymous });
    if (method === 'GET') cases.push({ method: 'HEAD', url: validPath, body: { kind: 'none' }, anonymous });
    cases.push({ method, url: escapedPath(validPath), body: { kind: 'none' }, anonymous });
  }
  if (method !== 'GET') {
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
      if (prop.type === 'string') cases.push({ method, url: validPath, body: { kind: 'json', value: { [name]: 'a\u0000b' } } });
      if (prop.type === 'integer' || prop.type === 'number') cases.push({ method, url: validPath, body: { kind: 'json', value: { [name]: 1e30 } } });
    }
    for (const body of RAW_BODIES) cases.push({ method, url: validPath, body });
  }
  return cases;
}
