// The yardstick of the request-path bench: a bare Fastify server on a `pg` pool of the same size
// that runs, for each named list, the statements the app ran for it (recorded by the bench) and
// answers the page's rows (the first statement's) as JSON, with the total in X-Total-Count when a
// statement counted. Statements
// are prepared (named) on each connection. No sign-in,
// no validation, no policies: what a list costs beyond its SQL is what the app adds. A request
// that accepts brotli gets its page compressed in one call, at the app's quality (4), when over 1 KB.
// Run as a child process: `node --import tsx bare-server.ts <port> <database url> <statements.json>`.
import fs from 'node:fs';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import pg from 'pg';
import { must } from '@fieldops/shared/must';

export interface RecordedStatement {
  text: string;
  values: unknown[];
}

const [port, url, file] = process.argv.slice(2);
const lists = JSON.parse(fs.readFileSync(must(file, 'the third argument names the recorded statements'), 'utf8')) as Record<string, RecordedStatement[]>;
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const app = Fastify({ logger: false });
app.setErrorHandler((err, _request, reply) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(message);
  void reply.code(500).send({ message });
});

app.get<{ Params: { name: string } }>('/list/:name', async (request, reply) => {
  const statements = lists[request.params.name];
  if (!statements) return reply.code(404).send({ message: 'no such list' });
  let items: unknown[] = [];
  for (const [index, statement] of statements.entries()) {
    // Named, so PostgreSQL parses and plans each once per connection, as the app's hot queries are.
    const { rows } = await pool.query({ name: `${request.params.name}_${index}`, text: statement.text, values: statement.values });
    const first = rows[0] as Record<string, unknown> | undefined;
    if (rows.length === 1 && first && Object.keys(first).length === 1 && /count/i.test(statement.text)) {
      reply.header('x-total-count', String(Object.values(first)[0]));
    } else if (items.length === 0) items = rows;
  }
  reply.header('cache-control', 'no-store');
  const body = JSON.stringify(items);
  if (!/\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) || Buffer.byteLength(body) < 1024) {
    return reply.type('application/json; charset=utf-8').send(body);
  }
  const compressed = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
  });
  return reply.header('content-encoding', 'br').header('vary', 'accept-encoding').type('application/json; charset=utf-8').send(compressed);
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
