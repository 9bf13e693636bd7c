import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOutboxEntry } from '../../test/outbox.ts';
import { stubUploads } from '../../test/fake-xhr.ts';
import { setKioskCredentials } from '../kiosk-session.ts';
import { enqueue, flushOutbox, listOutbox } from './outbox.ts';
import { pageTransport } from './outbox-transport.ts';

const signedIn = (memberId: number) => ({
  deviceToken: 'device-token',
  member: { id_token: `token-of-${memberId}`, expiresAt: '2026-11-29T12:00:00Z', member: { id: memberId, name: `Member ${memberId}`, avatar: null } },
});

afterEach(() => {
  setKioskCredentials(null);
  vi.unstubAllGlobals();
});

describe('the outbox on a shared kiosk', () => {
  it('sends each member’s answers with their own session only, and keeps another’s until they sign in again', async () => {
    const { calls } = stubUploads(() => Response.json({ id: 1 }, { status: 201 }));
    await enqueue([makeOutboxEntry({ userId: 7, actionId: 11 }), makeOutboxEntry({ userId: 8, actionId: 12 }), makeOutboxEntry({ userId: 7, actionId: 13 })]);

    // Member 8 is signed in: a run over the whole queue sends none of member 7's answers with 8's token.
    setKioskCredentials(signedIn(8));
    await flushOutbox(pageTransport);
    expect(calls.map((call) => call.headers.Authorization)).toEqual([]);
    await flushOutbox(pageTransport, 8);
    expect(calls.map((call) => [call.form.get('actionId'), call.headers.Authorization, call.headers['X-Kiosk-Token']])).toEqual([
      ['12', 'Bearer token-of-8', 'device-token'],
    ]);
    expect((await listOutbox(7)).map((entry) => entry.status)).toEqual(['waiting', 'waiting']);

    // Member 7 signs in again on the tablet: theirs go, with their own token.
    setKioskCredentials(signedIn(7));
    await flushOutbox(pageTransport, 7);
    expect(calls.slice(1).map((call) => [call.form.get('actionId'), call.headers.Authorization])).toEqual([
      ['11', 'Bearer token-of-7'],
      ['13', 'Bearer token-of-7'],
    ]);
    expect((await listOutbox()).map((entry) => entry.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('sends nothing while nobody is signed in on the kiosk', async () => {
    const { calls } = stubUploads(() => Response.json({ id: 1 }, { status: 201 }));
    await enqueue([makeOutboxEntry({ userId: 7 })]);
    setKioskCredentials({ deviceToken: 'device-token', member: null });
    const summary = await flushOutbox(pageTransport, 7);
    expect(summary.stopped).toBe('signIn');
    expect(calls).toEqual([]);
  });
});
