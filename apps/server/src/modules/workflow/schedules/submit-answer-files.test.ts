import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  INSIDE,
  memberAtSite,
  photo,
  submit,
  answerCount as countAnswers,
  scheduled as scheduledTask,
  statusOf as scheduleStatus,
} from '../../../test/answer-test-kit.ts';
import { IMAGES, signedFileUrl, createAction, createTask, multipart, type Caller } from '../../../test/factories.ts';

const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

let t: TestApp;
let owner: Caller;
let member: Caller;
let siteId: number;

const voice = (data: Buffer = WEBM) => ({ field: 'voice', filename: 'note.webm', type: 'audio/webm', data });
type Files = Parameters<typeof multipart>[1];
const answerCount = (scheduleId: number) => countAnswers(t.app.db, scheduleId);
const statusOf = (scheduleId: number) => scheduleStatus(t.app.db, scheduleId);

/** A task at the member's site with the given actions, and an open schedule of it for `who` (the member by default). */
const scheduled = (actions?: Parameters<typeof createAction>[3][], options: { who?: Caller } & Parameters<typeof scheduledTask>[3] = {}) =>
  scheduledTask({ t, owner, siteId }, options.who ?? member, actions, options);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
});
afterAll(() => t.close());

describe('POST /v1/action-results: bad input stores nothing', () => {
  it('refuses the bad inputs with field errors, leaving no row and no file', async () => {
    const { actions, schedule } = await scheduled([
      { required: true },
      { type: 'PHOTO' },
      { type: 'VOICE' },
      {
        type: 'SINGLE_CHOICE',
        options: [
          { labelEn: 'A', labelAr: 'أ' },
          { labelEn: 'B', labelAr: 'ب' },
        ],
      },
    ]);
    const elsewhere = await createAction(t.app, owner, (await createTask(t.app, owner)).id);
    const [yesNo, photoAction, voiceAction, choice] = actions.map((a) => String(a.id));
    const id = String(schedule.id);
    const cases: [string, Record<string, string>, Files, number, string, string | null][] = [
      ['no schedule id', { actionId: yesNo, value: '"YES"' }, [photo()], 400, 'scheduleId', null],
      ['a value that is not JSON', { scheduleId: id, actionId: yesNo, value: 'YES' }, [], 400, 'value', MSG.answerInvalid],
      ['a latitude out of range', { scheduleId: id, actionId: yesNo, value: '"YES"', latitude: '91', longitude: '0' }, [], 400, 'latitude', null],
      ['an action of another task', { scheduleId: id, actionId: String(elsewhere.id), value: '"YES"' }, [photo()], 400, 'actionId', MSG.actionNotInSchedule],
      ['a value that does not fit a yes/no', { scheduleId: id, actionId: yesNo, value: '"MAYBE"' }, [photo()], 400, 'value', MSG.answerInvalid],
      ['an option that does not exist', { scheduleId: id, actionId: choice, value: '"2"' }, [], 400, 'value', MSG.answerInvalid],
      ['a photo action without a photo', { scheduleId: id, actionId: photoAction }, [voice()], 400, 'file', MSG.photoRequired],
      ['a voice action without a recording', { scheduleId: id, actionId: voiceAction }, [photo()], 400, 'voice', MSG.voiceRequired],
      ['a text file as the photo', { scheduleId: id, actionId: photoAction }, [photo(IMAGES.fakePng)], 400, 'file', MSG.invalidFile],
      ['an image as the recording', { scheduleId: id, actionId: voiceAction }, [voice(IMAGES.png)], 400, 'voice', MSG.invalidFile],
      ['a good photo with a bad recording', { scheduleId: id, actionId: photoAction }, [photo(), voice(IMAGES.fakePng)], 400, 'voice', MSG.invalidFile],
      ['an empty recording', { scheduleId: id, actionId: voiceAction }, [voice(Buffer.alloc(0))], 400, 'voice', MSG.invalidFile],
      ['a file under another name', { scheduleId: id, actionId: photoAction }, [{ ...photo(), field: 'attachments' }], 400, 'attachments', MSG.invalidFile],
      ['two photos', { scheduleId: id, actionId: photoAction }, [photo(), photo()], 400, 'file', MSG.invalidFile],
      [
        'a photo over 10 MB',
        { scheduleId: id, actionId: photoAction },
        [photo(Buffer.concat([IMAGES.png, Buffer.alloc(MAX_UPLOAD_BYTES)]))],
        413,
        '',
        MSG.fileTooLarge,
      ],
    ];
    for (const [what, fields, files, status, field, message] of cases) {
      const before = t.storedFiles();
      const res = await submit(member, fields, files);
      expect(res.statusCode, what).toBe(status);
      if (message) expect(res.json().message, what).toBe(message);
      if (field)
        expect(
          res.json().fieldErrors?.map((e: { field: string }) => e.field),
          what,
        ).toContain(field);
      expect(t.storedFiles(), what).toEqual(before);
    }
    expect(await answerCount(schedule.id)).toBe(0);
    expect((await statusOf(schedule.id)).status).toBe('pending');
  });

  it('stores a photo and a recording and serves them at their urls', async () => {
    const { actions, schedule } = await scheduled([{ type: 'PHOTO', required: true }]);
    const before = t.storedFiles().length;
    const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), ...INSIDE }, [photo(), voice()]);
    expect(res.statusCode).toBe(201);
    const { result } = res.json();
    expect(result.file).toMatch(signedFileUrl('png'));
    expect(result.voice).toMatch(signedFileUrl('webm'));
    expect(t.storedFiles()).toHaveLength(before + 2);
    const served = await t.app.inject({ method: 'GET', url: result.file });
    expect(served.rawPayload.equals(IMAGES.png)).toBe(true);
    expect(res.json().schedule.status).toBe('done');
  });

  const recordings: [string, Buffer, string][] = [
    ['Ogg', Buffer.from('OggS\0\x02\0\0\0\0', 'latin1'), 'ogg'],
    ['M4A', Buffer.from('\0\0\0\x20ftypM4A \0\0\0\0', 'latin1'), 'm4a'],
    ['MP3 with a tag', Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1'), 'mp3'],
    ['MP3 frame', Buffer.from([0xff, 0xfb, 0x90, 0x64, 0x00]), 'mp3'],
    ['WAV', Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1'), 'wav'],
  ];
  for (const [what, data, extension] of recordings) {
    it(`accepts a ${what} recording`, async () => {
      const { actions, schedule } = await scheduled([{ type: 'VOICE', required: true }]);
      const res = await submit(member, { scheduleId: String(schedule.id), actionId: String(actions[0].id), ...INSIDE }, [voice(data)]);
      expect(res.statusCode).toBe(201);
      expect(res.json().result.voice).toMatch(signedFileUrl(extension));
    });
  }

  it('documents the submit call in the OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const post = res.json().paths['/services/workflow/api/v1/action-results'].post;
    expect(post.description).toContain('multipart/form-data');
    expect(Object.keys(post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(post.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('voice');
  });
});
