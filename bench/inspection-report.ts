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
import { buildApp } from '../apps/server/src/app.ts';
import {
  createAction,
  createBusinessWithOwner,
  createProject,
  createScheduleRow,
  createSite,
  createTask,
  addMember,
  multipart,
  placeInSite,
} from '../apps/server/src/test/factories.ts';
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
      const owner = await createBusinessWithOwner(app, 'Bench Facilities');
      const project = await createProject(app, owner);
      const site = await createSite(app, owner, project.id, { name: 'Bench mall' });
      const member = await addMember(app, owner);
      await placeInSite(app, owner, site.id, member.userId);
      const task = await createTask(app, owner, { nameEn: 'Monthly store audit', nameAr: 'تدقيق المتجر الشهري', geoRestrictionEnabled: false, passMark: 80 });

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
        const action = await createAction(app, owner, task.id, { required: false, ...(values as object) });
        made.push({ id: action.id, kind });
      }
      // Three sections of 20.
      const sections: number[] = [];
      for (const name of ['Entrance', 'Sales floor', 'Stock room']) {
        const res = await owner.request({ method: 'POST', url: `${W}/v1/sections`, payload: { taskId: task.id, nameEn: name } });
        sections.push(res.json<{ id: number }>().id);
      }
      await owner.request({
        method: 'PUT',
        url: `${W}/v1/tasks/${task.id}/layout`,
        payload: {
          groups: [
            { sectionId: null, actionIds: [] },
            ...sections.map((sectionId, s) => ({ sectionId, actionIds: made.slice(s * 20, s * 20 + 20).map((m) => m.id) })),
          ],
        },
      });

      const schedule = await createScheduleRow(app.db, { businessId: owner.business.id, taskId: task.id, teamId: site.id, userId: member.userId });
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
        const res = await member.request({ method: 'POST', url: `${W}/v1/action-results`, payload: form.payload, headers: form.headers });
        if (res.statusCode !== 201) throw new Error(`answer refused: ${res.statusCode} ${res.body}`);
      }
      console.log(`an inspection of ${made.length} answers, ${photos} with a photo of 1600 × 1200`);

      const pdf = async (lang: 'en' | 'ar') => {
        const res = await owner.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/report.pdf?lang=${lang}` });
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
