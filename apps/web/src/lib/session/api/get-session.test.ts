import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_SESSION_GLOBAL } from './early-session.ts';
import { fetchSessionBootstrap, requestSessionEarly } from './get-session.ts';

const answer = { account: { id: 7 }, workspace: null, invitations: [] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session asked for as the page starts', () => {
  it('is taken by the first load, which does not ask again', async () => {
    const fetchMock = vi.fn(async () => Response.json(answer));
    vi.stubGlobal('fetch', fetchMock);
    requestSessionEarly();
    expect(await fetchSessionBootstrap()).toEqual(answer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A later load asks afresh.
    await fetchSessionBootstrap();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is asked for again when the early answer failed, and the second answer counts', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(Response.json(answer));
    vi.stubGlobal('fetch', fetchMock);
    requestSessionEarly();
    expect(await fetchSessionBootstrap()).toEqual(answer);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/v1/account/session');
  });

  it("takes the answer to index.html's own request, without asking again", async () => {
    const fetchMock = vi.fn(async () => Response.json({ other: true }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(EARLY_SESSION_GLOBAL, Promise.resolve(Response.json(answer)));
    requestSessionEarly();
    expect(await fetchSessionBootstrap()).toEqual(answer);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(EARLY_SESSION_GLOBAL in window).toBe(false);
  });

  it("asks again when index.html's request failed or was refused", async () => {
    for (const early of [null, new Response('', { status: 401 })]) {
      const fetchMock = vi.fn(async () => Response.json(answer));
      vi.stubGlobal('fetch', fetchMock);
      vi.stubGlobal(EARLY_SESSION_GLOBAL, Promise.resolve(early));
      requestSessionEarly();
      expect(await fetchSessionBootstrap()).toEqual(answer);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      vi.unstubAllGlobals();
    }
  });
});
