// How answers are written: each route's response schema (zod) becomes a JSON Schema once, at
// start, and fast-json-stringify compiles that into a function that writes exactly the declared
// fields, nothing else (so a column a repository happens to select never leaves the server). It
// costs a fraction of checking every answer against the zod schema on the way out. A schema that
// has no JSON Schema form keeps the zod type provider's serializer.
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

type Route = Parameters<FastifySerializerCompiler<$ZodType>>[0];

/** The JSON Schema of what a route answers, or null when zod cannot write one. */
export function responseJsonSchema(schema: $ZodType): Record<string, unknown> | null {
  try {
    return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw', cycles: 'throw' }) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export const serializerCompiler: FastifySerializerCompiler<$ZodType> = (route: Route) => {
  const json = responseJsonSchema(route.schema);
  if (json) {
    try {
      return fastJson(json);
    } catch {
      // fast-json-stringify does not take every JSON Schema: the zod serializer does.
    }
  }
  return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
};
