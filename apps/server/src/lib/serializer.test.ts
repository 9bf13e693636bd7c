import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, serializerCompiler } from './serializer.ts';

const user = z.object({
  id: z.number().int(),
  name: z.string(),
  nickname: z.string().nullable(),
  createdAt: z.iso.datetime(),
  role: z.enum(['OWNER', 'MEMBER']),
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
  extra: z.record(z.string(), z.number()),
});

const app = Fastify();
beforeAll(async () => {
  app.setSerializerCompiler(serializerCompiler);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/user', { schema: { response: { 200: user } } }, async () => ({
    id: 7,
    name: 'Nada',
    nickname: null,
    createdAt: new Date('2026-03-01T09:00:00Z') as unknown as string,
    role: 'OWNER' as const,
    teams: [{ id: 1, name: 'North', secret: 'x' } as { id: number; name: string }],
    extra: { a: 1 },
    // What a repository might select without meaning to send it.
    passwordHash: '$argon2id$...',
  }));
  r.get('/missing', { schema: { response: { 200: user } } }, async () => ({ id: 1 }) as unknown as z.infer<typeof user>);
  await app.ready();
});
afterAll(() => app.close());

describe('the response serializer', () => {
  it('writes exactly the declared fields: nothing a repository selected beyond them leaves the server', async () => {
    const res = await app.inject({ method: 'GET', url: '/user' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({
      id: 7,
      name: 'Nada',
      nickname: null,
      createdAt: '2026-03-01T09:00:00.000Z',
      role: 'OWNER',
      teams: [{ id: 1, name: 'North' }],
      extra: { a: 1 },
    });
  });

  it('refuses an answer that lacks a required field rather than send it short', async () => {
    expect((await app.inject({ method: 'GET', url: '/missing' })).statusCode).toBe(500);
  });

  it('compiles from a JSON Schema, and keeps zod for a schema that has none', () => {
    expect(responseJsonSchema(user)).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'name']) });
    expect(responseJsonSchema(z.date())).toBeNull();
    const viaZod = serializerCompiler({ schema: z.object({ at: z.date() }), method: 'GET', url: '/x', httpStatus: '200' });
    expect(viaZod({ at: new Date('2026-01-01T00:00:00Z') })).toBe('{"at":"2026-01-01T00:00:00.000Z"}');
  });
});
