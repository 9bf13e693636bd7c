// An instruction's picture through the API: set, replaced and removed by an editor, read signed by
// a member running the task, refused clearly for bad input with nothing changed, kept with the
// task version an inspection was answered with, with copies and templates, by the file sweep, and
// shown by the inspection's report (its page, its PDF and its shared link).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUCTION_IMAGE_MAX_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import type { Inspection, InspectionReport, InspectionShareCreated } from '@fieldops/shared/inspections';
import type { Action, TaskWithActions, TemplateDetail } from '@fieldops/shared/tasks';
import { pdfImages } from '@fieldops/shared/testing/pdf-read';
import { referencedKeys, sweepOrphanFiles } from '../../../lib/file-sweep.ts';
import { INSIDE, memberAtSite, scheduled, submit } from '../../../test/answer-test-kit.ts';
import { IMAGES, createBusinessWithOwner, fileKeyOf, multipart, signedFileUrl, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const W = '/services/workflow/api';

let t: TestApp;
let owner: Caller;
let member: Caller;
let other: Caller;
let siteId: number;
let jpeg: Buffer;
let webp: Buffer;

const form = (data: Buffer, type: string, filename: string) => multipart({}, [{ field: 'file', filename, type, data }]);
const putImage = (caller: Caller, actionId: number, data: Buffer, type = 'image/png', filename = 'picture.png') =>
  caller.request({ method: 'PUT', url: `${W}/v1/actions/${actionId}/image`, ...form(data, type, filename) });
const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
const stored = () => t.storedFiles().map((f) => f.split('/').pop() ?? f);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
  other = await createBusinessWithOwner(t.app);
  jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  webp = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#27ae60' } })
    .webp()
    .toBuffer();
});
afterAll(() => t?.close());

/** A task of the owner's with "Wear gloves" (an instruction) then "Gloves on?" (yes/no), scheduled for the member. */
async function instructedTask() {
  const made = await scheduled({ t, owner, siteId }, member, [
    { nameEn: 'Wear gloves', nameAr: 'ارتدِ القفازات', type: 'INSTRUCTION', required: false, descriptionEn: 'Nitrile, blue' },
    { nameEn: 'Gloves on?', nameAr: 'هل القفازات عليك؟', type: 'YES_NO', required: true },
  ]);
  const [instruction, question] = made.actions.map((a) => a.id) as [number, number];
  return { ...made, instruction, question };
}

describe("an instruction's picture", () => {
  it('is set, replaced and removed by an editor, and read signed by a member running the task', async () => {
    const { task, instruction } = await instructedTask();
    const set = await putImage(owner, instruction, jpeg, 'image/jpeg', 'gloves.jpg');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Action>().image).toMatch(signedFileUrl('jpg'));
    const first = fileKeyOf(set.json<Action>().image ?? '');
    expect(stored()).toContain(first);

    // A member reads the task with its picture, through a link that opens it.
    const read = await member.request({ method: 'GET', url: `${W}/v2/tasks/${task.id}?eagerLoad=true` });
    expect(read.statusCode).toBe(200);
    const image = read.json<TaskWithActions>().actions.find((a) => a.id === instruction)?.image ?? '';
    expect(image).toMatch(signedFileUrl('jpg'));
    const opened = await anonymous(image);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    // The bare address, without its signature, opens nothing.
    expect((await anonymous(image.split('?')[0] ?? '')).statusCode).not.toBe(200);

    // Replaced by a WebP: the first file named by nothing else leaves storage.
    const replaced = await putImage(owner, instruction, webp, 'image/webp', 'gloves.webp');
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = fileKeyOf(replaced.json<Action>().image ?? '');
    expect(second).toMatch(/\.webp$/);
    const webpOpened = await anonymous(replaced.json<Action>().image ?? '');
    expect(webpOpened.headers['content-type']).toBe('image/webp');
    expect(stored()).not.toContain(first);

    const removed = await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${instruction}/image` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Action>().image).toBeNull();
    expect(stored()).not.toContain(second);
    // Removing again is no error.
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${instruction}/image` })).statusCode).toBe(200);
  });

  it('refuses bad input clearly and changes nothing', async () => {
    const { instruction, question } = await instructedTask();
    const set = await putImage(owner, instruction, IMAGES.png);
    expect(set.statusCode).toBe(200);
    const kept = set.json<Action>().image?.split('?')[0];
    const before = stored().sort();
    const refusals: [Awaited<ReturnType<typeof putImage>>, number, string][] = [
      // Not an instruction.
      [await putImage(owner, question, IMAGES.png), 400, MSG.instructionImageOnly],
      // Not a JPEG, PNG or WebP: a GIF, and text named as a PNG.
      [await putImage(owner, instruction, IMAGES.gif, 'image/gif', 'a.gif'), 400, MSG.instructionImageType],
      [await putImage(owner, instruction, IMAGES.fakePng), 400, MSG.instructionImageType],
      // Too large.
      [await putImage(owner, instruction, Buffer.concat([IMAGES.png, Buffer.alloc(INSTRUCTION_IMAGE_MAX_BYTES)])), 413, MSG.instructionImageTooLarge],
      // No file at all.
      [await owner.request({ method: 'PUT', url: `${W}/v1/actions/${instruction}/image`, ...multipart({ note: 'x' }) }), 400, MSG.fileMissing],
      // Another business's action, set or removed: as if there were none.
      [await putImage(other, instruction, IMAGES.png), 404, MSG.actionNotFound],
      [await other.request({ method: 'DELETE', url: `${W}/v1/actions/${instruction}/image` }), 404, MSG.actionNotFound],
      [await putImage(owner, 987_654_321, IMAGES.png), 404, MSG.actionNotFound],
      [await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${question}/image` }), 400, MSG.instructionImageOnly],
    ];
    for (const [res, status, message] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    // A member who runs the task does not edit it.
    expect((await putImage(member, instruction, IMAGES.png)).statusCode).toBe(403);
    expect((await member.request({ method: 'DELETE', url: `${W}/v1/actions/${instruction}/image` })).statusCode).toBe(403);

    expect(stored().sort()).toEqual(before);
    const now = (await owner.request({ method: 'GET', url: `${W}/v1/actions?taskId=${set.json<Action>().taskId}` })).json<Action[]>();
    expect(now.find((a) => a.id === instruction)?.image?.split('?')[0]).toBe(kept);
    expect(now.find((a) => a.id === question)?.image).toBeNull();
  });

  it('an action made another type lets go of its picture', async () => {
    const { instruction } = await instructedTask();
    expect((await putImage(owner, instruction, IMAGES.png)).statusCode).toBe(200);
    const res = await owner.request({
      method: 'PUT',
      url: `${W}/v1/actions/${instruction}`,
      payload: { nameEn: 'Gloves', nameAr: null, descriptionEn: null, descriptionAr: null, type: 'TEXT', options: [], required: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Action>().image).toBeNull();
  });

  it('stays with the version an inspection was answered with, with copies and templates, and through the sweep', async () => {
    const { task, schedule, instruction, question } = await instructedTask();
    const first = fileKeyOf((await putImage(owner, instruction, jpeg, 'image/jpeg', 'first.jpg')).json<Action>().image ?? '');
    // The first answer pins the version, picture included.
    const answered = await submit(member, { scheduleId: String(schedule.id), actionId: String(question), value: JSON.stringify('YES'), ...INSIDE });
    expect(answered.statusCode, answered.body).toBe(201);
    const second = fileKeyOf((await putImage(owner, instruction, webp, 'image/webp', 'second.webp')).json<Action>().image ?? '');

    // The inspection reads with the picture it had; the first file stays for it.
    expect(stored()).toContain(first);
    const inspection = (await owner.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection` })).json<Inspection>();
    const versioned = inspection.version?.content.actions.find((a) => a.id === instruction)?.image ?? '';
    expect(versioned).toMatch(signedFileUrl('jpg'));
    expect(fileKeyOf(versioned)).toBe(first);
    expect((await anonymous(versioned)).statusCode).toBe(200);
    // Another business is never handed a link to it.
    expect((await other.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection` })).statusCode).toBe(404);

    // A copy of the task and a template saved from it name the current picture.
    const copy = await owner.request({ method: 'POST', url: `${W}/v1/tasks/${task.id}/duplicate` });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = (await owner.request({ method: 'GET', url: `${W}/v2/tasks/${copy.json<{ id: number }>().id}?eagerLoad=true` })).json<TaskWithActions>();
    expect(fileKeyOf(copied.actions.find((a) => a.type === 'INSTRUCTION')?.image ?? '')).toBe(second);
    const template = await owner.request({ method: 'POST', url: `${W}/v1/tasks/${task.id}/template` });
    expect(template.statusCode, template.body).toBe(201);
    const detail = (await owner.request({ method: 'GET', url: `${W}/v1/tasks/templates/${template.json<{ id: number }>().id}` })).json<TemplateDetail>();
    expect(fileKeyOf(detail.content.actions.find((a) => a.type === 'INSTRUCTION')?.image ?? '')).toBe(second);

    // The original lets go of it, the copy is deleted: the template keeps it, the version keeps the first.
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/actions/${instruction}/image` })).statusCode).toBe(200);
    expect(stored()).toContain(second);
    expect((await owner.request({ method: 'DELETE', url: `${W}/v1/tasks/${copy.json<{ id: number }>().id}` })).statusCode).toBeLessThan(300);
    expect([...(await referencedKeys(t.app.db, [first, second]))].sort()).toEqual([first, second].sort());
    const swept = await sweepOrphanFiles(t.app.db, t.app.storage, 0);
    expect(swept.removed).not.toContain(first);
    expect(swept.removed).not.toContain(second);
    expect(stored()).toEqual(expect.arrayContaining([first, second]));

    // A task made from the template names it too.
    const made = await owner.request({ method: 'POST', url: `${W}/v1/tasks/templates/${detail.id}/tasks` });
    expect(made.statusCode, made.body).toBe(201);
    const fromTemplate = (
      await owner.request({ method: 'GET', url: `${W}/v2/tasks/${made.json<{ id: number }>().id}?eagerLoad=true` })
    ).json<TaskWithActions>();
    expect(fileKeyOf(fromTemplate.actions.find((a) => a.type === 'INSTRUCTION')?.image ?? '')).toBe(second);
  });

  it("is shown by the inspection's report: its PDF, and its shared link signed out", async () => {
    const { schedule, instruction, question } = await instructedTask();
    const key = fileKeyOf((await putImage(owner, instruction, jpeg, 'image/jpeg', 'gloves.jpg')).json<Action>().image ?? '');
    expect((await submit(member, { scheduleId: String(schedule.id), actionId: String(question), value: JSON.stringify('YES'), ...INSIDE })).statusCode).toBe(
      201,
    );

    const pdf = await owner.request({ method: 'GET', url: `${W}/schedules/${schedule.id}/inspection/report.pdf?lang=en` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const pictures = (await pdfImages(new Uint8Array(pdf.rawPayload))).drawn.flat();
    // The instruction's picture, shrunk from 1200 px.
    expect(pictures).toHaveLength(1);
    expect(pictures[0]?.width).toBeLessThanOrEqual(480);

    const share = (await owner.request({ method: 'POST', url: `${W}/schedules/${schedule.id}/inspection/shares`, payload: {} })).json<InspectionShareCreated>();
    const token = share.url.split('/').pop() ?? '';
    const page = await anonymous(`/api/shared/inspections/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    const image = page.json<InspectionReport>().inspection.version?.content.actions.find((a) => a.id === instruction)?.image;
    expect(image).toBe(`/api/shared/inspections/${token}/files/${key}`);
    const opened = await anonymous(image ?? '');
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    const sharedPdf = await anonymous(`/api/shared/inspections/${token}/report.pdf?lang=ar`);
    expect((await pdfImages(new Uint8Array(sharedPdf.rawPayload))).drawn.flat()).toHaveLength(1);
  }, 60_000);
});
