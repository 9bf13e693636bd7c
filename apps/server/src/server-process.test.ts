// The server process on its embedded database, as an operator or a supervisor treats it: killed
// with -9 and started again at once, over and over, keeping every acknowledged write; and stopped
// with SIGTERM while it serves, answering every request it had already received.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverDatabase, startServer, type ServerProcess } from './test/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-data-'));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}

const json = { 'content-type': 'application/json' };
const register = (server: ServerProcess, username: string) =>
  fetch(`${server.url}/api/v1/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'long-enough-1', fullName: username }),
  });
const signIn = (server: ServerProcess, username: string) =>
  fetch(`${server.url}/api/authenticate`, { method: 'POST', headers: json, body: JSON.stringify({ username, password: 'long-enough-1' }) });

/** The embedded database, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
async function databaseEnv(): Promise<Record<string, string>> {
  const env = { DATA_DIR: dataDir() };
  await serverDatabase(env.DATA_DIR, env);
  return env;
}

describe.skipIf(adminUrl)('the server on its embedded database, killed with -9', () => {
  it('starts again at once on the same data directory, twenty times in a row, keeping every acknowledged write', async () => {
    const env = { DATA_DIR: dataDir() };
    const names: string[] = [];
    for (let round = 0; round < 20; round++) {
      const server = await start(env);
      const name = `restart${round}x${crypto.randomBytes(3).toString('hex')}`;
      expect((await register(server, name)).status).toBe(201);
      names.push(name);
      // No waiting for the end: the next start may find the killed process not yet reaped.
      server.child.kill('SIGKILL');
    }
    const last = await start(env);
    for (const name of names) expect((await signIn(last, name)).status, name).toBe(200);
    last.child.kill('SIGTERM');
    expect(await last.exited).toBe(0);
  }, 240_000);
});

describe('the server stopped with SIGTERM while it serves', () => {
  it(`answers every request it had received, then ends cleanly (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, async () => {
    const server = await start(await databaseEnv());
    expect((await register(server, 'drain.owner')).status).toBe(201);
    const token = ((await (await signIn(server, 'drain.owner')).json()) as { id_token: string }).id_token;
    const headers = { authorization: `Bearer ${token}` };

    // Many at once, each reading the database (the session check, then the account), on
    // connections already open: one opened after the signal is refused, as it should be, and one
    // still waiting in the system's queue when the server stops listening is reset (in any
    // server), so the requests go over a fixed set of connections opened beforehand.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 150 });
    const get = () =>
      new Promise<number | string>((resolve) => {
        const request = http.get(`${server.url}/api/v1/account`, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', (err) => resolve(err.message));
        });
        request.on('error', (err: NodeJS.ErrnoException) => resolve(`${err.code ?? ''} ${err.message}`));
      });
    expect(new Set(await Promise.all(Array.from({ length: 150 }, get)))).toEqual(new Set([200]));
    await new Promise((resolve) => setImmediate(resolve));
    const opened = Object.values(agent.freeSockets).flat().length;
    expect(opened).toBe(150);
    const requests = Array.from({ length: 150 }, get);
    // Every request went over a connection already open.
    expect(Object.values(agent.sockets).flat().length + Object.values(agent.freeSockets).flat().length).toBe(150);
    await new Promise((resolve) => setTimeout(resolve, 30));
    server.child.kill('SIGTERM');
    const outcomes = await Promise.all(requests);
    const failed = outcomes.filter((o) => o !== 200);
    agent.destroy();
    expect(failed, server.output()).toEqual([]);
    expect(await server.exited).toBe(0);
  }, 60_000);

  it(`under continuous traffic, stops accepting at once and answers every request it received: no reset (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, async () => {
    const server = await start(await databaseEnv());
    expect((await register(server, 'steady.owner')).status).toBe(201);
    const token = ((await (await signIn(server, 'steady.owner')).json()) as { id_token: string }).id_token;
    const headers = { authorization: `Bearer ${token}` };
    // Clients that never pause, each on its keep-alive connection, as behind a load balancer
    // that has not yet seen the health check fail: there is no quiet moment to wait for.
    let signalled = false;
    const answered = { before: 0, after: 0 };
    const resets: string[] = [];
    const client = async () => {
      for (;;) {
        try {
          const res = await fetch(`${server.url}/api/v1/account`, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) resets.push(`status ${res.status}`);
          answered[signalled ? 'after' : 'before']++;
        } catch (err) {
          const cause = (err as Error).cause as NodeJS.ErrnoException | undefined;
          // Refused: no longer listening, so a load balancer sends it elsewhere. Anything else
          // is a request cut off.
          if (cause?.code !== 'ECONNREFUSED') resets.push(`${cause?.code ?? ''} ${cause?.message ?? (err as Error).message}`);
          return;
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    while (answered.before < 200) await new Promise((resolve) => setTimeout(resolve, 20));
    signalled = true;
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    await Promise.all(clients);
    expect(resets, server.output()).toEqual([]);
    expect(answered.after).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);
    // It did not sit out a deadline waiting for a quiet moment.
    expect(Date.now() - stoppedAt).toBeLessThan(6_000);
  }, 60_000);

  it('writes out every log line it was holding before it ends', async () => {
    // Log lines are written a few kilobytes at a time: what is waiting must not be lost at exit.
    const server = await start({ DATA_DIR: dataDir(), LOG_LEVEL: 'info' });
    expect((await fetch(`${server.url}/api/health?marker=last-request`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server.output().split('\n');
    expect(lines.some((line) => line.includes('/api/health') && line.includes('"statusCode":200'))).toBe(true);
    expect(lines.some((line) => line.includes('shutting down'))).toBe(true);
  }, 60_000);
});

describe('the server whose standard output goes away', () => {
  it(`starts, keeps answering and stops when told, losing only the log lines (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, async () => {
    // The log reader is gone before the server writes a line (`npm run serve | head -c 100`: npm's
    // own header fills it; a log collector that died). A server that hangs never answers here.
    const server = await startServer({ ...(await databaseEnv()), LOG_LEVEL: 'info' }, 60_000, { stdoutGone: true });
    running.push(server);
    // Enough requests, each logged, that writes meet the closed pipe many times over.
    for (let round = 0; round < 10; round++) {
      const statuses = await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then((res) => res.status)),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
    }
    server.child.kill('SIGTERM');
    const stopped = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 5_000))]);
    expect(stopped).toBe(0);
  }, 120_000);
});
