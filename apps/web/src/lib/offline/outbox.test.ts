import { describe, expect, it } from 'vitest';
import { MSG, NETWORK_ERROR } from '@fieldops/shared/messages';
import { discardEntry, enqueue, flushOutbox, listOutbox, retryEntry } from './outbox.ts';
import { makeOutboxEntry } from '../../test/outbox.ts';
import { outboxForm, type OutboxEntry } from './outbox-entry.ts';
import { readSendResponse, type SendResult, type Transport } from './outbox-response.ts';
import { deviceDb } from './device-db.ts';

const entry = (scheduleId: number, actionId: number, extra: Partial<OutboxEntry> = {}) =>
  makeOutboxEntry({ scheduleId, actionId, actionNameEn: `Action ${actionId}`, ...extra });

const taken: SendResult = { kind: 'sent', outcome: { answerId: 1, outside: false, late: false, held: null } };

/** A server stand-in that records what arrives, in order, and answers from a script. */
function recorder(answer: (entry: OutboxEntry, call: number) => SendResult) {
  const sent: { actionId: number; key: string }[] = [];
  const transport: Transport = async (item) => {
    sent.push({ actionId: item.actionId, key: item.key });
    return answer(item, sent.length);
  };
  return { sent, transport };
}

describe('the outbox', () => {
  it('sends in the order answers were captured, each once with its own key, and frees their files', async () => {
    const photo = { name: 'p.jpg', type: 'image/jpeg', bytes: new Uint8Array([1, 2, 3]).buffer, size: 3 };
    await enqueue([entry(40, 11), entry(40, 12, { actionType: 'PHOTO', value: null, photo }), entry(41, 13)]);
    const server = recorder(() => taken);
    const summary = await flushOutbox(server.transport, 7);

    expect(summary).toEqual({ sent: 3, refused: 0, stopped: null });
    expect(server.sent.map((call) => call.actionId)).toEqual([11, 12, 13]);
    expect(new Set(server.sent.map((call) => call.key)).size).toBe(3);
    const after = await listOutbox(7);
    expect(after.map((item) => item.status)).toEqual(['sent', 'sent', 'sent']);
    expect(after[1]?.photo).toMatchObject({ name: 'p.jpg', bytes: null, size: 3 });
    // Nothing waits, so a second run sends nothing again.
    await flushOutbox(server.transport, 7);
    expect(server.sent).toHaveLength(3);
  });

  it('stops at a cut-off send, keeps it and the rest waiting, and resumes there with the same key', async () => {
    await enqueue([entry(40, 11), entry(40, 12), entry(40, 13)]);
    const server = recorder((_item, call) => (call === 2 ? { kind: 'later', message: NETWORK_ERROR } : taken));
    expect(await flushOutbox(server.transport, 7)).toEqual({ sent: 1, refused: 0, stopped: 'network' });
    let after = await listOutbox(7);
    expect(after.map((item) => [item.status, item.error])).toEqual([
      ['sent', null],
      ['waiting', NETWORK_ERROR],
      ['waiting', null],
    ]);

    expect(await flushOutbox(server.transport, 7)).toEqual({ sent: 2, refused: 0, stopped: null });
    expect(server.sent.map((call) => call.actionId)).toEqual([11, 12, 12, 13]);
    expect(server.sent[2]?.key).toBe(server.sent[1]?.key);
    after = await listOutbox(7);
    expect(after.every((item) => item.status === 'sent')).toBe(true);
  });

  it('marks a refused answer failed with the reason, and the rest of that schedule too when the refusal is the whole schedule’s', async () => {
    await enqueue([entry(40, 11), entry(40, 12), entry(41, 13)]);
    const server = recorder((item) => (item.actionId === 11 ? { kind: 'refused', message: MSG.scheduleNotOpen, refusesSchedule: true } : taken));
    expect(await flushOutbox(server.transport, 7)).toEqual({ sent: 1, refused: 1, stopped: null });
    // 12 shares 40's refusal without being sent; 41's answer goes on.
    expect(server.sent.map((call) => call.actionId)).toEqual([11, 13]);
    const after = await listOutbox(7);
    expect(after.map((item) => [item.actionId, item.status, item.error])).toEqual([
      [11, 'failed', MSG.scheduleNotOpen],
      [12, 'failed', MSG.scheduleNotOpen],
      [13, 'sent', null],
    ]);
  });

  it('lets the member try a failed answer again or let it go, but never drops one on its way or sent', async () => {
    const [first, second] = await enqueue([entry(40, 11), entry(40, 12)]);
    const refusing = recorder(() => ({ kind: 'refused', message: MSG.answerInvalid, refusesSchedule: false }));
    await flushOutbox(refusing.transport, 7);
    await retryEntry(first as number);
    expect((await listOutbox(7)).map((item) => item.status)).toEqual(['waiting', 'failed']);
    const server = recorder(() => taken);
    await flushOutbox(server.transport, 7);
    expect(server.sent.map((call) => call.actionId)).toEqual([11]);

    await discardEntry(first as number);
    await discardEntry(second as number);
    expect((await listOutbox(7)).map((item) => [item.actionId, item.status])).toEqual([[11, 'sent']]);
  });

  it("sends only the signed-in member's answers, and picks up one a closed page left half-sent", async () => {
    await enqueue([entry(40, 11, { status: 'sending' }), entry(50, 21, { userId: 8 })]);
    const server = recorder(() => taken);
    await flushOutbox(server.transport, 7);
    expect(server.sent.map((call) => call.actionId)).toEqual([11]);
    const other = (await listOutbox()).find((item) => item.userId === 8);
    expect(other?.status).toBe('waiting');
  });

  it('keeps its answers across a new connection to the store, as after a reload', async () => {
    await enqueue([entry(40, 11)]);
    (await deviceDb())?.close();
    const { closeDeviceDb } = await import('./device-db.ts');
    await closeDeviceDb();
    expect((await listOutbox(7)).map((item) => item.actionId)).toEqual([11]);
  });
});

describe('an answer in the outbox', () => {
  it('travels with its capture time, position, value and files', async () => {
    const voice = { name: 'voice.webm', type: 'audio/webm', bytes: new Uint8Array([9, 9]).buffer, size: 2 };
    const form = outboxForm({ ...entry(40, 11, { notes: ' checked ', important: true, voice, actionType: 'VOICE', value: null }), seq: 1 });
    expect(form.get('capturedAt')).toBe('2026-11-26T09:00:00.000Z');
    expect(form.get('latitude')).toBe('24.7');
    expect(form.get('notes')).toBe('checked');
    expect(form.get('important')).toBe('true');
    expect(form.get('value')).toBeNull();
    expect((form.get('voice') as File).name).toBe('voice.webm');
    expect(outboxForm({ ...entry(40, 12, { value: ['0', '2'], actionType: 'MULTIPLE_CHOICE' }) }).get('value')).toBe('["0","2"]');
  });

  it("reads the server's answer: taken, held, refused, or to try again", () => {
    expect(readSendResponse(201, { result: { id: 5, outside: true, locationStatus: 'UNVERIFIED', late: true, held: null } })).toEqual({
      kind: 'sent',
      outcome: { answerId: 5, outside: true, locationStatus: 'UNVERIFIED', late: true, held: null },
    });
    expect(readSendResponse(202, { held: 'REMOVED', id: 9 })).toEqual({ kind: 'sent', outcome: { answerId: 9, outside: false, late: false, held: 'REMOVED' } });
    expect(readSendResponse(409, { message: MSG.scheduleNotOpen })).toEqual({ kind: 'refused', message: MSG.scheduleNotOpen, refusesSchedule: true });
    expect(readSendResponse(400, { message: MSG.answerInvalid })).toEqual({ kind: 'refused', message: MSG.answerInvalid, refusesSchedule: false });
    expect(readSendResponse(503, null)).toEqual({ kind: 'later', message: NETWORK_ERROR });
    expect(readSendResponse(0, null)).toEqual({ kind: 'later', message: NETWORK_ERROR });
    expect(readSendResponse(401, null)).toEqual({ kind: 'signIn', message: MSG.authenticationFailed });
  });
});
