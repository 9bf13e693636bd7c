// An inspection's report through the API: its data, its PDF in both languages (text, pictures
// and links read back as a reader would), a shared link that works signed out and stops when
// revoked or expired, and the e-mail that carries the PDF to a real SMTP server through the queue.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage } from '@fieldops/shared/audit-log';
import type { InspectionReport, InspectionShareCreated } from '@fieldops/shared/inspections';
import { pdfImages, pdfLinks, pdfText } from '@fieldops/shared/testing/pdf-read';
import { inspectionShares } from '../../../db/schema-schedules.ts';
import { retrySettings } from '../../platform/queue/queue.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { INSIDE, memberAtSite, scheduled as scheduledTask, submit } from '../../../test/answer-test-kit.ts';
import { addMember, createBusinessWithOwner, placeInSite, type Caller } from '../../../test/factories.ts';
import { startSmtp, type SmtpKit } from '../../../test/smtp-kit.ts';

const W = '/services/workflow/api';
const APP_URL = 'https://ops.example.com';

let t: TestApp;
let smtp: SmtpKit;
let owner: Caller;
let member: Caller;
let supervisor: Caller;
let other: Caller;
let siteId: number;
let jpeg: Buffer;
let signature: Buffer;

const rule = (score: number | null, extra: Record<string, boolean> = {}) => ({
  score,
  na: false,
  photoRequired: false,
  noteRequired: false,
  flag: false,
  ...extra,
});
const settings = (extra: Record<string, unknown> = {}) => ({ min: null, max: null, unit: null, step: null, allowNa: false, scored: false, ...extra });
const file = (data: Buffer, type: string, name: string) => ({ field: 'file', filename: name, type, data });
const answer = (scheduleId: number, actionId: number, value: unknown, extra: Record<string, string> = {}, files: Parameters<typeof submit>[2] = []) =>
  submit(member, { scheduleId: String(scheduleId), actionId: String(actionId), value: JSON.stringify(value), ...INSIDE, ...extra }, files);
const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
/** The audit log's exports of the schedule's report, newest first. */
const exportsOf = async (scheduleId: number) =>
  (await owner.request({ method: 'GET', url: `/api/v1/audit-log?kind=export.created&targetType=schedule&targetId=${scheduleId}` })).json<AuditLogPage>().items;

beforeAll(async () => {
  retrySettings.limit = 3;
  retrySettings.delaySeconds = 1;
  smtp = await startSmtp();
  t = await createTestApp({ jobs: { work: true, mail: { smtpUrl: smtp.url, from: 'Field Ops <ops@example.com>', appUrl: APP_URL } } });
  await t.app.ready();
  ({ owner, siteId, member } = await memberAtSite(t.app));
  supervisor = await addMember(t.app, owner);
  await placeInSite(t.app, owner, siteId, supervisor.userId, 'SUPERVISOR');
  other = await createBusinessWithOwner(t.app);
  // A camera's photo: 1600 × 1200, and a signature drawn on a transparent ground.
  jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3c8dbc' } })
    .jpeg()
    .toBuffer();
  signature = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/**
 * A store audit with a section: "Floor clean?" (No needs a photo and flags), "Fridge" in 2..8 °C,
 * "Why dirty?" shown only when the floor is not clean, and in the section "Checks" a signature.
 */
async function answeredAudit() {
  const made = await scheduledTask({ t, owner, siteId }, member, [
    {
      nameEn: 'Floor clean?',
      nameAr: 'هل الأرضية نظيفة؟',
      type: 'YES_NO',
      required: true,
      rules: { YES: rule(1), NO: rule(0, { photoRequired: true, flag: true }) },
    },
    { nameEn: 'Fridge', nameAr: 'الثلاجة', type: 'NUMBER', required: true, settings: settings({ min: 2, max: 8, unit: '°C', scored: true }) },
    { nameEn: 'Why not clean?', nameAr: 'لماذا ليست نظيفة؟', type: 'TEXT', required: false },
    { nameEn: 'Manager signature', nameAr: 'توقيع المدير', type: 'SIGNATURE', required: true },
  ]);
  const [floor, fridge, why, signed] = made.actions.map((a) => a.id) as [number, number, number, number];
  await owner.request({
    method: 'PUT',
    url: `${W}/v1/actions/${why}/criteria`,
    payload: { criteria: { condition: { baseActionId: floor, answer: 'NO' }, visibility: 'DISPLAY' } },
  });
  const section = (
    await owner.request({ method: 'POST', url: `${W}/v1/sections`, payload: { taskId: made.task.id, nameEn: 'Checks', nameAr: 'الفحوص' } })
  ).json();
  await owner.request({
    method: 'PUT',
    url: `${W}/v1/tasks/${made.task.id}/layout`,
    payload: {
      groups: [
        { sectionId: null, actionIds: [floor, fridge, why] },
        { sectionId: section.id, actionIds: [signed] },
      ],
    },
  });
  await owner.request({ method: 'PUT', url: `${W}/v2/tasks/${made.task.id}/settings`, payload: { passMark: 80 } });
  expect((await answer(made.schedule.id, floor, 'YES', { notes: 'Mopped at 7' }, [file(jpeg, 'image/jpeg', 'floor.jpg')])).statusCode).toBe(201);
  expect((await answer(made.schedule.id, fridge, 9.5)).statusCode).toBe(201);
  expect((await answer(made.schedule.id, signed, null, {}, [file(signature, 'image/png', 'signature.png')])).statusCode).toBe(201);
  return { ...made, ids: { floor, fridge, why, signed } };
}

describe("an inspection's report", () => {
  it('gives the page its business, the position and the inspection; no other business sees it', async () => {
    const { schedule } = await answeredAudit();
    const res = await owner.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/report` });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<InspectionReport>();
    expect(report.business).toMatchObject({ name: owner.business.name, timeZone: expect.any(String) });
    expect(report.position).toBe('Guard');
    expect(report.inspection.score).toMatchObject({ passed: false, percent: 50 });
    expect((await member.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/report` })).statusCode).toBe(200);
    for (const path of ['inspection/report', 'inspection/report.pdf', 'inspection/shares']) {
      const theirs = await other.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/${path}` });
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('as a PDF in English: the cover, the score, the answers with their marks, pictures that link to their files, and no hidden question', async () => {
    const { schedule } = await answeredAudit();
    const res = await owner.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/report.pdf?lang=en` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="inspection-${schedule.id}.pdf"`);
    const bytes = new Uint8Array(res.rawPayload);
    const text = await pdfText(bytes);
    for (const words of [
      'Inspection report',
      owner.business.name,
      'Guard',
      'Failed',
      'Pass mark 80%',
      'Failed items',
      'Floor clean?',
      'Yes',
      'Note: Mopped at 7',
      'Fridge',
      '9.5 °C',
      'Out of range',
      'Checks',
      'Manager signature',
    ]) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toContain('Why not clean?');
    // The photo and the signature are drawn as pictures, shrunk (the photo was 1600 px wide).
    const { drawn } = await pdfImages(bytes);
    const pictures = drawn.flat();
    expect(pictures).toHaveLength(2);
    expect(Math.max(...pictures.map((p) => p.width))).toBeLessThanOrEqual(480);
    // Each links to its file through a lasting export link, which opens it signed out.
    const links = await pdfLinks(bytes);
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toMatch(new RegExp(`^${APP_URL}/api/export-links/[A-Za-z0-9_-]{43}/[a-f0-9]{32}\\.(jpg|png)$`));
      const opened = await anonymous(link.slice(APP_URL.length));
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toMatch(/^image\//);
    }
  }, 60_000);

  it('as a PDF in Arabic: the words of the report and of the task in Arabic, right to left', async () => {
    const { schedule } = await answeredAudit();
    const res = await owner.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/report.pdf?lang=ar` });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(res.rawPayload));
    for (const words of ['تقرير التفتيش', 'راسب', 'البنود الراسبة', 'هل الأرضية نظيفة؟', 'نعم', 'الثلاجة', 'خارج النطاق', 'الفحوص', 'توقيع المدير']) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toContain('لماذا ليست نظيفة؟');
    expect((await owner.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/report.pdf?lang=fr` })).statusCode).toBe(400);
  }, 60_000);
});

describe('a shared link', () => {
  it('shows the report signed out, with its files and PDF, and nothing else; it stops once revoked', async () => {
    const { schedule } = await answeredAudit();
    // Sharing is for those who manage the site.
    expect((await member.request({ method: 'POST', url: `${W}/schedules/${schedule.id}/inspection/shares`, payload: {} })).statusCode).toBe(403);
    const made = await supervisor.request({ method: 'POST', url: `${W}/schedules/${schedule.id}/inspection/shares`, payload: { days: 7 } });
    expect(made.statusCode, made.body).toBe(201);
    const share = made.json<InspectionShareCreated>();
    expect(share.url).toMatch(new RegExp(`^${APP_URL}/shared/inspections/[A-Za-z0-9_-]{43}$`));
    const token = share.url.split('/').pop() ?? '';
    // Only the hash is kept.
    const [row] = await t.app.db.select().from(inspectionShares).where(eq(inspectionShares.id, share.id));
    expect(row?.tokenHash).not.toBe(token);

    const page = await anonymous(`/api/shared/inspections/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    const report = page.json<InspectionReport>();
    expect(report.inspection.schedule.id).toBe(schedule.id);
    const files = report.inspection.answers.map((a) => a.file).filter((f): f is string => f !== null);
    expect(files).toHaveLength(2);
    for (const url of files) {
      expect(url).toMatch(new RegExp(`^/api/shared/inspections/${token}/files/[a-f0-9]{32}\\.(jpg|png)$`));
      expect((await anonymous(url)).statusCode).toBe(200);
    }
    // Another file of the business is not opened through it.
    const elsewhere = await answeredAudit();
    const otherFile = (await owner.request({ method: 'GET', url: `${W}/schedules/${elsewhere.schedule.id}/inspection/report` })).json<InspectionReport>()
      .inspection.answers[0]?.file;
    const otherKey = /([a-f0-9]{32}\.[a-z]+)/.exec(otherFile ?? '')?.[1];
    expect((await anonymous(`/api/shared/inspections/${token}/files/${otherKey}`)).statusCode).toBe(404);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/shared/inspections/${token}/report.pdf?lang=ar`, headers: { 'user-agent': 'Mailer/1.0' } });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfLinks(new Uint8Array(pdf.rawPayload))).toEqual(
      expect.arrayContaining([expect.stringContaining(`${APP_URL}/api/shared/inspections/${token}/files/`)]),
    );
    // The PDF left through the link: an export of no one in particular, with where it went.
    expect(await exportsOf(schedule.id)).toEqual([
      expect.objectContaining({
        actor: { id: null, name: null },
        target: { type: 'schedule', id: schedule.id, name: null },
        after: { what: 'inspection_report', format: 'pdf', via: 'shared_link', shareId: share.id, filters: { language: 'ar' } },
        client: 'Mailer/1.0',
      }),
    ]);

    // Listed for the managers, not for another business; revoked, it stops at once.
    const listed = await owner.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/shares` });
    expect(listed.json()).toEqual([expect.objectContaining({ id: share.id, revokedAt: null, creatorName: expect.any(String) })]);
    expect((await other.request({ method: 'DELETE', url: `${W}/inspection-shares/${share.id}` })).statusCode).toBe(404);
    expect((await member.request({ method: 'DELETE', url: `${W}/inspection-shares/${share.id}` })).statusCode).toBe(403);
    expect((await owner.request({ method: 'DELETE', url: `${W}/inspection-shares/${share.id}` })).statusCode).toBe(204);
    for (const url of [`/api/shared/inspections/${token}`, `/api/shared/inspections/${token}/report.pdf`, files[0] ?? '']) {
      const gone = await anonymous(url);
      expect(gone.statusCode, url).toBe(404);
      expect(gone.headers['content-type']).toContain('application/problem+json');
    }
  }, 90_000);

  it('answers a tampered, malformed or expired link with the same 404', async () => {
    const { schedule } = await answeredAudit();
    const share = (await owner.request({ method: 'POST', url: `${W}/schedules/${schedule.id}/inspection/shares`, payload: {} })).json<InspectionShareCreated>();
    const token = share.url.split('/').pop() ?? '';
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'short', `${token}x`, '../../v1/account']) {
      const res = await anonymous(`/api/shared/inspections/${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(404);
    }
    expect((await anonymous(`/api/shared/inspections/${token}`)).statusCode).toBe(200);
    await t.app.db
      .update(inspectionShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(inspectionShares.id, share.id));
    expect((await anonymous(`/api/shared/inspections/${token}`)).statusCode).toBe(404);
    for (const days of [0, 366, 1.5, 'x']) {
      expect(
        (await owner.request({ method: 'POST', url: `${W}/schedules/${schedule.id}/inspection/shares`, payload: { days } })).statusCode,
        String(days),
      ).toBe(400);
    }
  });
});

describe('a report by e-mail', () => {
  it('sends the PDF to each address through the queue, in the language asked, with the shared link', async () => {
    const { schedule } = await answeredAudit();
    smtp.received.length = 0;
    const res = await owner.request({
      method: 'POST',
      url: `${W}/schedules/${schedule.id}/inspection/mail`,
      payload: { to: ['client@example.com', 'Boss@Example.com', 'client@example.com'], language: 'ar' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ queued: 2 });
    const received = await smtp.waitFor(2, 40_000);
    expect(
      received
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(['boss@example.com', 'client@example.com']);
    for (const mail of received) {
      expect(mail.parsed.subject).toContain('تقرير التفتيش');
      const [attachment] = mail.parsed.attachments;
      expect(attachment?.filename).toBe(`inspection-${schedule.id}.pdf`);
      expect(attachment?.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfText(new Uint8Array(attachment?.content ?? []))).toContain('تقرير التفتيش');
      expect(mail.parsed.html || '').toMatch(new RegExp(`${APP_URL}/shared/inspections/[A-Za-z0-9_-]{43}`));
    }
    // The message's link is one of the schedule's links, revocable like the others.
    const listed = await owner.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/shares` });
    expect(listed.json()).toHaveLength(1);
    // Who sent the PDF out of the app, and to whom, is in the audit log.
    expect(await exportsOf(schedule.id)).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: owner.userId }),
        after: {
          what: 'inspection_report',
          format: 'pdf',
          via: 'mail',
          to: ['client@example.com', 'boss@example.com'],
          shareId: listed.json()[0].id,
          filters: { language: 'ar' },
        },
      }),
    ]);
  }, 90_000);

  it('refuses bad addresses, too many, a member who does not manage the site, and another business', async () => {
    const { schedule } = await answeredAudit();
    const send = (caller: Caller, payload: Record<string, unknown>) =>
      caller.request({ method: 'POST', url: `${W}/schedules/${schedule.id}/inspection/mail`, payload });
    for (const payload of [
      { to: [], language: 'en' },
      { to: ['not an address'], language: 'en' },
      { to: ['a@example.com'], language: 'fr' },
      { to: Array.from({ length: 11 }, (_, i) => `p${i}@example.com`), language: 'en' },
    ]) {
      const res = await send(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await send(member, { to: ['a@example.com'], language: 'en' })).statusCode).toBe(403);
    expect((await send(other, { to: ['a@example.com'], language: 'en' })).statusCode).toBe(404);
    expect((await owner.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/shares` })).json()).toEqual([]);
  });
});
