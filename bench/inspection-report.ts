// One inspection's report as a PDF on the server: an inspection of 60 answers in three sections,
// 20 of them with a camera photo of 1600 × 1200 pixels, on PostgreSQL, through the API as the app
// asks for it. The PDF is drawn 20 times one after another (after one to warm up); the process's
// resident memory is sampled every 5 ms meanwhile and compared with the same process idle.
// Goals: p95 under 1.5 s; memory while drawing no more than 150 MB above idle.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { businessMembers, projects, teamMembers, teams, users } from '../apps/server/src/db/schema.ts';
import { executionPlans, schedules } from '../apps/server/src/db/schema-schedules.ts';
import { tasks } from '../apps/server/src/db/schema-workflow.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { createBusinessFor } from '../apps/server/src/modules/main/onboarding/onboarding.service.ts';
import { withPostgres } from './lib/bench-database.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const GOALS = { p95Ms: 1500, extraMemoryMb: 150 };
const RUNS = 20;
const W = '/services/workflow/api';

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const goal = (ok: boolean) => (ok ? 'met' : 'MISSED');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const mb = (bytes: number) => bytes / 1024 / 1024;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** A camera-like photo: 1600 × 1200 with grain, so that it compresses like a real one. */
const cameraPhoto = (seed: number) =>
  sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: (seed * 37) % 255, g: 120, b: 90 }, noise: { type: 'gaussian', mean: 110, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (row === undefined) throw new Error('an insert returns its row');
  return row;
};

type Send = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A person in the business, signed in: their requests carry their token and the business's key. */
async function signedIn(app: FastifyInstance, username: string, apiKey: string): Promise<Send> {
  const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password: 'bench-pass-123' } });
  const token = res.json<{ id_token: string }>().id_token;
  return (options) => app.inject({ ...options, headers: { authorization: `Bearer ${token}`, 'x-api-key': apiKey, ...(options.headers ?? {}) } });
}

/** The business, its owner, a site with a member in it, and the task, straight into the database. */
async function setUp(app: FastifyInstance) {
  const passwordHash = await hashPassword('bench-pass-123');
  const person = async (username: string, fullName: string) =>
    one(
      await app.db
        .insert(users)
        .values({ username, email: `${username}@bench.test`, fullName, passwordHash, activated: true })
        .returning(),
    );
  const ownerUser = await person('benchowner', 'Bench Owner');
  const business = await createBusinessFor(app.db, ownerUser.id, { name: 'Bench Facilities' });
  const project = one(await app.db.insert(projects).values({ businessId: business.id, name: 'Bench malls' }).returning());
  const site = one(await app.db.insert(teams).values({ businessId: business.id, projectId: project.id, name: 'Bench mall' }).returning());
  const memberUser = await person('benchmember', 'Bench Inspector');
  await app.db.insert(businessMembers).values({ businessId: business.id, userId: memberUser.id, role: 'MEMBER' });
  await app.db.insert(teamMembers).values({ businessId: business.id, teamId: site.id, userId: memberUser.id, authority: 'MEMBER', position: 'Inspector' });
  const task = one(
    await app.db
      .insert(tasks)
      .values({
        businessId: business.id,
        creatorId: ownerUser.id,
        nameEn: 'Monthly store audit',
        nameAr: 'تدقيق المتجر الشهري',
        geoRestrictionEnabled: false,
        passMark: 80,
      })
      .returning(),
  );
  return {
    owner: await signedIn(app, ownerUser.username, business.apiKey),
    member: await signedIn(app, memberUser.username, business.apiKey),
    memberId: memberUser.id,
    site,
    task,
  };
}

/** A schedule of the member, open now, with a one-off plan of its own. */
async function scheduleNow(app: FastifyInstance, values: { businessId: number; taskId: number; teamId: number; userId: number }) {
  const hour = 60 * 60 * 1000;
  const plan = one(
    await app.db
      .insert(executionPlans)
      .values({ ...values, scheduleType: 'ONCE', startDate: '2024-01-01', startTime: '08:00', endTime: '17:00', deadlineAfter: 2, deadlineUnit: 'HOURS' })
      .returning(),
  );
  const now = Date.now();
  return one(
    await app.db
      .insert(schedules)
      .values({ ...values, planId: plan.id, groupId: plan.groupId, start: new Date(now - hour), end: new Date(now + hour), deadline: new Date(now + hour) })
      .returning(),
  );
}

/** A multipart body as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, files: { field: string; filename: string; type: string; data: Buffer }[]) {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function run() {
  console.log(`load average at the start: ${load()}`);
  const jwtSecret = crypto.randomBytes(32);
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
  try {
    await withPostgres(POSTGRES_URL, 'bench_report', async (database) => {
      const app = await buildApp({
        database,
        jwtSecret,
        uploadsDir,
        webRoot: null,
        jobs: { work: false, mail: { smtpUrl: null, from: 'b@bench.test', appUrl: 'http://bench.test' } },
      });
      await app.ready();
      const { owner, member, memberId, site, task } = await setUp(app);

      // 60 actions: 20 yes/no questions answered with a photo, 20 numbers, 10 choices, 10 texts.
      const rule = (score: number) => ({ score, na: false, photoRequired: false, noteRequired: false, flag: false });
      const made: { id: number; kind: 'photo' | 'number' | 'choice' | 'text' }[] = [];
      for (let i = 0; i < 60; i++) {
        const kind =
          i % 3 === 0 && made.filter((m) => m.kind === 'photo').length < 20
            ? 'photo'
            : i % 3 === 1 && made.filter((m) => m.kind === 'number').length < 20
              ? 'number'
              : i % 2 === 0
                ? 'choice'
                : 'text';
        const values =
          kind === 'photo'
            ? { nameEn: `Area ${i} clean?`, nameAr: `هل المنطقة ${i} نظيفة؟`, type: 'YES_NO', rules: { YES: rule(1), NO: rule(0) } }
            : kind === 'number'
              ? {
                  nameEn: `Temperature ${i}`,
                  nameAr: `درجة الحرارة ${i}`,
                  type: 'NUMBER',
                  settings: { min: 2, max: 8, unit: '°C', step: null, allowNa: false, scored: true },
                }
              : kind === 'choice'
                ? {
                    nameEn: `Stock ${i}`,
                    nameAr: `المخزون ${i}`,
                    type: 'SINGLE_CHOICE',
                    options: [
                      { labelEn: 'Full', labelAr: 'ممتلئ' },
                      { labelEn: 'Low', labelAr: 'منخفض' },
                    ],
                    rules: { '0': rule(2), '1': rule(0) },
                  }
                : { nameEn: `Remarks ${i}`, nameAr: `ملاحظات ${i}`, type: 'TEXT' };
        const res = await owner({ method: 'POST', url: `${W}/v1/actions`, payload: { taskId: task.id, required: false, ...values } });
        if (res.statusCode !== 201) throw new Error(`action refused: ${res.statusCode} ${res.body}`);
        made.push({ id: res.json<{ id: number }>().id, kind });
      }
      // Three sections of 20.
      const sections: number[] = [];
      for (const name of ['Entrance', 'Sales floor', 'Stock room']) {
        const res = await owner({ method: 'POST', url: `${W}/v1/sections`, payload: { taskId: task.id, nameEn: name } });
        sections.push(res.json<{ id: number }>().id);
      }
      await owner({
        method: 'PUT',
        url: `${W}/v1/tasks/${task.id}/layout`,
        payload: {
          groups: [
            { sectionId: null, actionIds: [] },
            ...sections.map((sectionId, s) => ({ sectionId, actionIds: made.slice(s * 20, s * 20 + 20).map((m) => m.id) })),
          ],
        },
      });

      const schedule = await scheduleNow(app, { businessId: site.businessId, taskId: task.id, teamId: site.id, userId: memberId });
      let photos = 0;
      for (const [i, action] of made.entries()) {
        const value =
          action.kind === 'photo'
            ? 'YES'
            : action.kind === 'number'
              ? 3 + (i % 7)
              : action.kind === 'choice'
                ? String(i % 2)
                : `Checked shelf ${i}, all labels in place.`;
        const files = action.kind === 'photo' ? [{ field: 'file', filename: `p${i}.jpg`, type: 'image/jpeg', data: await cameraPhoto(photos++) }] : [];
        const form = multipart(
          { scheduleId: String(schedule.id), actionId: String(action.id), value: JSON.stringify(value), latitude: '24.7', longitude: '46.6', accuracy: '10' },
          files,
        );
        const res = await member({ method: 'POST', url: `${W}/v1/action-results`, payload: form.payload, headers: form.headers });
        if (res.statusCode !== 201) throw new Error(`answer refused: ${res.statusCode} ${res.body}`);
      }
      console.log(`an inspection of ${made.length} answers, ${photos} with a photo of 1600 × 1200`);

      const pdf = async (lang: 'en' | 'ar') => {
        const res = await owner({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/report.pdf?lang=${lang}` });
        if (res.statusCode !== 200) throw new Error(`report refused: ${res.statusCode} ${res.body}`);
        return res.rawPayload.length;
      };
      const size = await pdf('en');
      gc();
      await new Promise((resolve) => setTimeout(resolve, 500));
      gc();
      const idle = process.memoryUsage().rss;
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await pdf(i % 2 === 0 ? 'en' : 'ar');
        times.push(performance.now() - started);
      }
      clearInterval(sampler);
      const p95 = percentile(times, 95);
      const extra = mb(peak - idle);
      console.log(`PDF of ${(size / 1024 / 1024).toFixed(1)} MB, ${RUNS} runs (English and Arabic in turn)`);
      console.log(
        `  time   median ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms   goal p95 < ${GOALS.p95Ms} ms: ${goal(p95 < GOALS.p95Ms)}`,
      );
      console.log(
        `  memory idle ${mb(idle).toFixed(0)} MB, peak ${mb(peak).toFixed(0)} MB: ${extra.toFixed(0)} MB above idle   goal ≤ ${GOALS.extraMemoryMb} MB: ${goal(extra <= GOALS.extraMemoryMb)}`,
      );
      await app.close();
    });
  } finally {
    fs.rmSync(uploadsDir, { recursive: true, force: true });
    console.log(`load average at the end: ${load()}`);
  }
}
