// The validator every route schema (params, query string, body) is compiled with: the zod type
// provider's, after refusing any text or key that holds a NUL character or a lone surrogate (half
// of a UTF-16 pair). PostgreSQL cannot store U+0000 in text or jsonb, and refuses the `\ud800`
// escape JSON gives a lone surrogate in jsonb, so without this such input reaches the database and
// fails there (500) on whichever endpoint receives it; here it is a 400 naming the field, like any
// other bad field.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { MSG } from '@fieldops/shared/messages';

type Path = (string | number)[];

/** A NUL character, or a surrogate not paired (with the `u` flag a pair is one code point, not Cs). */
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** A value still to look at, with the way back to the root (a path is only built for a hit). */
interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | null;
}

function pathTo(visit: Visit, lastKey?: string): Path {
  const path: Path = lastKey === undefined ? [] : [lastKey];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string or object key holding a NUL character or a lone surrogate, or null. It walks with a
 * stack of its own, not recursion, and keeps no path per value, so a body nested thousands deep
 * neither overflows the call stack nor costs more than one look at each value.
 */
export function nulPath(input: unknown): Path | null {
  const pending: Visit[] = [{ value: input, key: '', parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (unstorable(value)) return pathTo(visit);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i], key: i, parent: visit });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value).reverse()) {
        if (unstorable(key)) return pathTo(visit, key);
        pending.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}

const withoutNul = z.unknown().superRefine((value, ctx) => {
  const path = nulPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: MSG.invalid, input: value });
});

/**
 * The check runs on the input as received, before the route's schema trims, coerces or drops
 * anything, and stops there: the route's schema only sees input it can store. Its
 * issue goes through the provider like the schema's own, so the error handler names the field.
 * (The same as `withoutNul.pipe(schema)`, without a pipe's cost on every request that has none.)
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const check = zodValidatorCompiler(route);
  const refuse = zodValidatorCompiler({ ...route, schema: withoutNul });
  return (data) => (nulPath(data) ? refuse(data) : check(data));
};
