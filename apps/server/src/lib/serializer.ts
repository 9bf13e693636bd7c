// The serializer every route's answer is written with. A route's response schema is the contract
// of what may leave the server: only the fields it names, of the types it names. The zod type
// provider keeps that contract by parsing the answer with zod into a copy and writing the copy
// with JSON.stringify; on a list page that parse was the largest cost of the request after the
// database itself.
//
// Here each schema is turned once, when the route is registered, into a function that checks each
// value and copies what the schema names, an object as one literal of a function made for its
// shape, and JSON.stringify writes that copy. It knows the shapes answers are made of (objects that
// drop unknown keys, arrays, strings, numbers, booleans, enums, literals, null, nullable and
// optional); any other part of a schema (a union, a record, a string check) is handed to zod for
// that part alone. When a value does not fit, the provider's own serializer runs on the whole
// answer, so a mismatch fails exactly as it always did, with zod's issues. Either way the text is
// the provider's (serializer.test.ts compares the two on every schema the API shares).
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/** The value to write in an answer's place (a copy with only the schema's keys, for an object); throws MISFIT when it does not fit. */
type Picker = (value: unknown) => unknown;

const MISFIT = Symbol('misfit');
const misfit = (): never => {
  throw MISFIT;
};

interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  innerType?: $ZodType;
  element?: $ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/**
 * Tests that must all pass, as one function. Run for every field of every row: a loop over them,
 * not `every` with a callback made on each call.
 */
function allOf<T>(tests: ((value: T) => boolean)[]): (value: T) => boolean {
  if (tests.length === 1) return tests[0]!;
  return (value) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i]!(value)) return false;
    return true;
  };
}

/** A number's checks as one test, or null when one of them is not known here. */
function numberTest(checks: readonly CheckDef[]): ((n: number) => boolean) | null {
  const tests: ((n: number) => boolean)[] = [Number.isFinite];
  for (const check of checks) {
    if (check.check === 'number_format' && check.format === 'safeint') tests.push(Number.isSafeInteger);
    else if (check.check === 'greater_than' && typeof check.value === 'number') {
      const bound = check.value;
      tests.push(check.inclusive ? (n) => n >= bound : (n) => n > bound);
    } else if (check.check === 'less_than' && typeof check.value === 'number') {
      const bound = check.value;
      tests.push(check.inclusive ? (n) => n <= bound : (n) => n < bound);
    } else return null;
  }
  return allOf(tests);
}

/** A string's checks as one test, or null when one of them is not known here (a trim changes the value). */
function stringTest(checks: readonly CheckDef[]): ((s: string) => boolean) | null {
  const tests: ((s: string) => boolean)[] = [];
  for (const check of checks) {
    if (check.check === 'min_length' && typeof check.minimum === 'number') {
      const min = check.minimum;
      tests.push((s) => s.length >= min);
    } else if (check.check === 'max_length' && typeof check.maximum === 'number') {
      const max = check.maximum;
      tests.push((s) => s.length <= max);
    } else return null;
  }
  return allOf(tests);
}

/** The part of a schema this module does not know: zod encodes it, and its output is written. */
function byZod(schema: $ZodType): Picker {
  return (value) => {
    let result;
    try {
      result = z.safeEncode(schema, value);
    } catch {
      // A transform cannot be encoded: the provider's serializer meets the same and says so.
      return misfit();
    }
    return result.success ? result.data : misfit();
  };
}

function objectPicker(shape: Record<string, $ZodType>): Picker {
  const fields = Object.entries(shape).map(([key, schema]) => ({ key, pick: pickerFor(schema) }));
  // One function per object shape that reads each field and builds the copy as one object
  // literal: V8 runs it fastest, and JSON.stringify then writes a plain object of known shape. A
  // field whose value is undefined (an optional one) is left out by JSON.stringify, as from zod's copy.
  const literal = fields.map((field, i) => `${JSON.stringify(field.key)}: p[${i}](v[${JSON.stringify(field.key)}])`).join(',\n');
  const make = new Function(
    'p',
    'misfit',
    `return function (v) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return misfit();
    return {${literal}};
  };`,
  ) as (pickers: Picker[], misfit: () => never) => Picker;
  return make(
    fields.map((field) => field.pick),
    misfit,
  );
}

function pickerFor(schema: $ZodType): Picker {
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  switch (def.type) {
    case 'string': {
      if (checks.length === 0) return (value) => (typeof value === 'string' ? value : misfit());
      const test = stringTest(checks);
      if (!test) break;
      return (value) => (typeof value === 'string' && test(value) ? value : misfit());
    }
    case 'number': {
      const test = numberTest(checks);
      if (!test) break;
      return (value) => (typeof value === 'number' && test(value) ? value : misfit());
    }
    case 'boolean':
      if (checks.length) break;
      return (value) => (typeof value === 'boolean' ? value : misfit());
    case 'null':
      return (value) => (value === null ? null : misfit());
    case 'nullable': {
      const inner = pickerFor(def.innerType!);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      const inner = pickerFor(def.innerType!);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      // Enums of numbers (TypeScript's, with their reverse keys) are zod's to handle.
      if (values.some((v) => typeof v !== 'string')) break;
      const allowed = new Set(values);
      return (value) => (allowed.has(value as string) ? value : misfit());
    }
    case 'literal': {
      const allowed = new Set(def.values ?? []);
      // Literals that JSON does not write as themselves (undefined, bigint) are zod's to handle.
      if ([...allowed].some((v) => v !== null && !['string', 'number', 'boolean'].includes(typeof v))) break;
      return (value) => (allowed.has(value) ? value : misfit());
    }
    case 'array': {
      if (checks.length) break;
      const element = pickerFor(def.element!);
      return (value) => {
        if (!Array.isArray(value)) return misfit();
        const out = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) out[i] = element(value[i]);
        return out;
      };
    }
    case 'object':
      // Unknown keys dropped (z.object); strict and loose objects are zod's.
      // A key "__proto__" in an object literal would set the copy's prototype instead.
      if (def.catchall || checks.length || Object.hasOwn(def.shape ?? {}, '__proto__')) break;
      return objectPicker(def.shape ?? {});
    case 'unknown':
    case 'any':
      return (value) => value;
  }
  return byZod(schema);
}

/** The JSON text of a whole answer, or null when it does not fit (or the schema is not a zod type). */
export function compileWriter(schema: unknown): ((data: unknown) => string | null) | null {
  if (!(schema instanceof $ZodType)) return null;
  const pick = pickerFor(schema);
  return (data) => {
    try {
      return (JSON.stringify(pick(data)) as string | undefined) ?? null;
    } catch (error) {
      if (error === MISFIT) return null;
      throw error;
    }
  };
}

export const serializerCompiler: FastifySerializerCompiler<$ZodType> = (route) => {
  const slow = zodSerializerCompiler(route);
  const fast = compileWriter(route.schema);
  if (!fast) return slow;
  return (data) => fast(data) ?? slow(data);
};
