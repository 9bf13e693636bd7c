// kill -9 in the middle of a fan-out to 1,000 members, then a restart on the same data: every
// member gets the e-mail, and any copy sent twice (a message the SMTP server had accepted when the
// process died, before it could note it as sent) carries the same Message-ID, so the receiving
// side can tell it apart. On the embedded database, and on PostgreSQL with TEST_DATABASE_URL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { businessMembers, teamMembers, users } from './db/schema.ts';
import { hashPassword } from './lib/password.ts';
import { PASSWORD, createBusinessWithOwner, createProject, createSite, createTask } from './test/factories.ts';
import { ageRunningJobs } from './test/queue-kit.ts';
import { serverDatabase, startServer } from './test/server-process.ts';
import { startSmtp } from './test/smtp-kit.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const MEMBERS = 1000;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe(`kill -9 during a fan-out (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('reaches every member after a restart, and a copy sent twice is the same message', async () => {
    const smtp = await startSmtp();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-notify-'));
    dirs.push(dataDir);
    const secret = crypto.randomBytes(32).toString('hex');
    const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: secret, SMTP_URL: smtp.url, APP_URL: 'http://app.test' };
    const target = await serverDatabase(dataDir, env);

    // The business and its 1,000 members, set up directly on the data the server will open.
    const setupDb = await openDatabase(target);
    const setup = await buildApp({ database: setupDb, jwtSecret: new TextEncoder().encode(secret), uploadsDir: path.join(dataDir, 'uploads') });
    await setup.ready();
    const owner = await createBusinessWithOwner(setup);
    const site = await createSite(setup, owner, (await createProject(setup, owner)).id);
    const task = await createTask(setup, owner, { geoRestrictionEnabled: false });
    const passwordHash = await hashPassword(PASSWORD);
    const members = await setup.db
      .insert(users)
      .values(
        Array.from({ length: MEMBERS }, (_, i) => ({
          username: `crew${i}`,
          email: `crew${i}@example.com`,
          fullName: `Crew ${i}`,
          passwordHash,
          activated: true,
        })),
      )
      .returning({ id: users.id });
    await setup.db.insert(businessMembers).values(members.map((m) => ({ businessId: owner.business.id, userId: m.id, role: 'MEMBER' as const })));
    await setup.db
      .insert(teamMembers)
      .values(members.map((m) => ({ businessId: owner.business.id, teamId: site.id, userId: m.id, authority: 'MEMBER' as const })));
    await setup.close();
    await setupDb.close();

    const server = await startServer(env);
    const signedIn = await fetch(`${server.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: owner.username, password: PASSWORD }),
    });
    const token = ((await signedIn.json()) as { id_token: string }).id_token;
    const today = new Date().toISOString().slice(0, 10);
    for (let at = 0; at < MEMBERS; at += 500) {
      const res = await fetch(`${server.url}/services/workflow/api/v1/execution-plans/assignType/GROUP/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-api-key': owner.business.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          taskId: task.id,
          teamId: site.id,
          userIds: members.slice(at, at + 500).map((m) => m.id),
          scheduleType: 'ONCE',
          startDate: today,
          startTime: '06:00',
          endTime: '24:00',
          deadlineAfter: 1,
          deadlineUnit: 'DAYS',
        }),
      });
      expect(res.status, await res.text()).toBeLessThan(300);
    }
    // Killed once the e-mails are flowing and most are still to go.
    await smtp.waitFor(100, 60_000);
    server.child.kill('SIGKILL');
    await server.exited;
    const beforeRestart = smtp.received.length;
    expect(beforeRestart).toBeLessThan(MEMBERS);
    // The jobs the dead process held run again once they expire (a minute for an e-mail): that
    // minute passes on their clock rather than being waited out.
    const stopped = await openDatabase(target);
    await ageRunningJobs(stopped.db, 60).finally(() => stopped.close());

    const restarted = await startServer(env);
    try {
      await smtp.waitFor(MEMBERS, 150_000).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const byRecipient = new Map<string, Set<string>>();
      for (const mail of smtp.received) {
        const to = mail.to.join(',');
        byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(String(mail.parsed.messageId)));
      }
      expect(byRecipient.size).toBe(MEMBERS);
      // Never two different messages for one person and event.
      expect([...byRecipient.values()].filter((ids) => ids.size > 1)).toEqual([]);
      // Copies only of what was in flight at the kill (a worker's batch per queue at most).
      const copies = smtp.received.length - MEMBERS;
      console.log(`kill -9 after ${beforeRestart} of ${MEMBERS} e-mails; ${copies} sent twice (same Message-ID)`);
      expect(copies).toBeLessThanOrEqual(40);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
      await smtp.close();
    }
  }, 300_000);
});
