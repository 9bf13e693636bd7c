import fc from 'fast-check';
import { serializerCompiler as providerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import * as account from '@fieldops/shared/account';
import * as answers from '@fieldops/shared/answers';
import * as common from '@fieldops/shared/common';
import * as helpdesk from '@fieldops/shared/helpdesk';
import * as organisation from '@fieldops/shared/organisation';
import * as plans from '@fieldops/shared/plans';
import * as reports from '@fieldops/shared/reports';
import * as schedules from '@fieldops/shared/schedules';
import * as session from '@fieldops/shared/session';
import * as tasks from '@fieldops/shared/tasks';
import { compileWriter, serializerCompiler } from './serializer.ts';

const route = (schema: $ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const provider = (schema: $ZodType) => providerCompiler(route(schema)) as (data: unknown) => string;
const ours = (schema: $ZodType) => serializerCompiler(route(schema)) as (data: unknown) => string;

/** What the provider answers for `data`: its text, or the error it throws. */
function outcome(write: (data: unknown) => string, data: unknown): { text: string } | { error: string } {
  try {
    return { text: write(data) };
  } catch (error) {
    return {
      error: error instanceof Error ? `${error.name}: ${error.message} ${JSON.stringify((error.cause as z.ZodError | undefined)?.issues)}` : String(error),
    };
  }
}

describe('the answer serializer', () => {
  const item = z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    kind: z.enum(['A', 'B']),
    note: z.string().optional(),
    tags: z.array(z.object({ code: z.literal('t'), on: z.boolean() })),
  });

  it('writes only the fields the schema names, in its order, leaving out absent optional ones', () => {
    const write = ours(z.array(item));
    const text = write([{ secret: 'hash', tags: [{ on: true, code: 't', extra: 1 }], kind: 'B', name: null, id: 7 }]);
    expect(text).toBe('[{"id":7,"name":null,"kind":"B","tags":[{"code":"t","on":true}]}]');
    expect(text).toBe(provider(z.array(item))([{ secret: 'hash', tags: [{ on: true, code: 't', extra: 1 }], kind: 'B', name: null, id: 7 }]));
  });

  it('writes strings as JSON does, whatever they hold', () => {
    const value = { id: 1, name: 'quote " back \\ line\n tab\t nul\u0000 ☃ عربي \ud800', kind: 'A', tags: [], note: '</script>' };
    expect(ours(item)(value)).toBe(provider(item)(value));
    expect(JSON.parse(ours(item)(value))).toEqual(value);
  });

  it('refuses an answer that does not fit, with the error the provider gives', () => {
    for (const bad of [
      { id: 1.5, name: null, kind: 'A', tags: [] },
      { id: 1, name: 3, kind: 'A', tags: [] },
      { id: 1, name: null, kind: 'C', tags: [] },
      { id: Number.NaN, name: null, kind: 'A', tags: [] },
      { name: null, kind: 'A', tags: [] },
      null,
      [],
    ]) {
      const theirs = outcome(provider(item), bad);
      expect(theirs).toHaveProperty('error');
      expect(outcome(ours(item), bad)).toEqual(theirs);
    }
  });

  it('writes a list page itself, without handing it to zod', () => {
    const write = compileWriter(z.array(tasks.task))!;
    const row = {
      id: 1,
      nameEn: 'Opening checks',
      nameAr: 'فحوصات الافتتاح',
      descriptionEn: null,
      descriptionAr: null,
      geoRestrictionEnabled: true,
      accuracyThreshold: null,
      passMark: null,
      tagId: 2,
      tag: { id: 2, nameEn: 'Safety', nameAr: 'السلامة' },
      creatorId: 3,
      actionsCount: 4,
      completionRate: 0.5,
      averageScore: 87.5,
      createdDate: '2026-11-23T08:00:00.000Z',
      businessId: 9,
    };
    const text = write([row]);
    expect(text).not.toBeNull();
    expect(text).toBe(provider(z.array(tasks.task))([row]));
    expect(text).not.toContain('businessId');
  });

  it('hands the parts it does not know to zod: defaults, unions, records, trimmed strings', () => {
    const schema = z.object({
      d: z.number().default(5),
      u: z.union([z.string(), z.number()]),
      r: z.record(z.string(), z.number()),
      t: z.string().trim(),
      l: z.looseObject({ a: z.number() }),
    });
    const value = { d: 4, u: 3, r: { x: 1 }, t: ' a ', l: { a: 1, b: 2 } };
    expect(ours(schema)(value)).toBe(provider(schema)(value));
    const odd = z.object({ ['__proto__']: z.string(), constructor: z.number() });
    const oddValue = JSON.parse('{"__proto__":"p","constructor":1}') as unknown;
    expect(ours(odd)(oddValue)).toBe(provider(odd)(oddValue));
  });
});

// ---------------------------------------------------------------- every schema the API shares

interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  innerType?: $ZodType;
  element?: $ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  options?: $ZodType[];
  valueType?: $ZodType;
  in?: $ZodType;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
}

const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.double(),
  fc.string(),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);

/** Values the schema accepts, mostly, and now and then one it does not, anywhere in the tree. */
function valuesOf(schema: $ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as Def;
  const fitting = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        return fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom(' padded ', '', 'x'.repeat(300)));
      case 'number': {
        const int = def.checks?.some((c) => c._zod.def.format === 'safeint');
        return int ? fc.oneof(fc.integer(), fc.integer({ min: -2, max: 2 })) : fc.oneof(fc.double(), fc.integer({ min: -2, max: 2 }), fc.constant(-0));
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'nullable':
        return fc.oneof(fc.constant(null), valuesOf(def.innerType!, depth));
      case 'optional':
      case 'default':
        return fc.oneof(fc.constant(undefined), valuesOf(def.innerType!, depth));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries!));
      case 'literal':
        return fc.constantFrom(...def.values!);
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(valuesOf(def.element!, depth + 1), { maxLength: 3 });
      case 'union':
        return fc.oneof(...def.options!.map((option) => valuesOf(option, depth)));
      case 'record':
        return fc.dictionary(fc.string({ maxLength: 3 }), valuesOf(def.valueType!, depth + 1), { maxKeys: 2 });
      case 'pipe':
        return valuesOf(def.in!, depth);
      case 'object': {
        const shape = def.shape ?? {};
        if (depth > 3) return fc.constant({});
        const known = fc.record(Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, valuesOf(field, depth + 1)])), {
          requiredKeys: Object.keys(shape).filter((key) => !['optional', 'default'].includes((shape[key]!._zod.def as unknown as Def).type)),
        });
        // Rows carry columns the answer leaves out.
        return fc
          .tuple(known, fc.dictionary(fc.constantFrom('passwordHash', 'businessId', 'extra'), anyValue, { maxKeys: 2 }))
          .map(([k, extra]) => ({ ...extra, ...k }));
      }
      default:
        return anyValue;
    }
  })();
  return fc.oneof({ arbitrary: fitting, weight: 12 }, { arbitrary: anyValue, weight: 1 });
}

const modules = { account, answers, common, helpdesk, organisation, plans, reports, schedules, session, tasks };
const shared = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, $ZodType] => entry[1] instanceof $ZodType)
    .map(([name, schema]) => ({ name: `${module}.${name}`, schema })),
);

describe('on every schema the API shares', () => {
  it('finds them', () => {
    expect(shared.length).toBeGreaterThan(100);
  });

  it.each(shared)('$name, and a list of it, is written exactly as the provider writes it, or refused as it refuses it', ({ schema }) => {
    let written = 0;
    for (const candidate of [schema, z.array(schema)]) {
      const fast = compileWriter(candidate)!;
      const theirs = provider(candidate);
      const mine = ours(candidate);
      fc.assert(
        fc.property(valuesOf(candidate), (value) => {
          const expected = outcome(theirs, value);
          expect(outcome(mine, value)).toEqual(expected);
          if (fast(value) !== null) written++;
        }),
        { numRuns: 60 },
      );
    }
    expect(written).toBeGreaterThan(0);
  });
});
