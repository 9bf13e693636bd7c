import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, NETWORK_ERROR, STATUS_MESSAGES } from '@fieldops/shared/messages';
import { stubUploads } from '../test/fake-xhr.ts';
import { problem } from '../test/session.tsx';
import { ApiError } from './api-error.ts';
import { setUnauthorizedHandler } from './api-client.ts';
import { upload, type UploadProgress } from './upload.ts';

const onUnauthorized = vi.fn();

beforeEach(() => {
  setUnauthorizedHandler(onUnauthorized);
  window.history.replaceState(null, '', '/tracker/5');
});

afterEach(() => {
  vi.unstubAllGlobals();
  onUnauthorized.mockReset();
  localStorage.clear();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the upload to fail');
}

describe('upload', () => {
  it('sends the form with the token and business key and reports its progress', async () => {
    localStorage.setItem('id_token', 'tok');
    localStorage.setItem('apiKey', 'key-1');
    const { calls } = stubUploads(() => Response.json({ id: 3 }, { status: 201 }));
    const form = new FormData();
    form.append('notes', 'fine');
    form.append('file', new File(['x'.repeat(1000)], 'a.png', { type: 'image/png' }));
    const progress: UploadProgress[] = [];

    const response = await upload<{ id: number }>('/v1/action-results', form, {
      base: 'workflow',
      onProgress: (p) => progress.push(p),
    });

    expect(response).toEqual({ data: { id: 3 }, status: 201 });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].path).toBe('/services/workflow/api/v1/action-results');
    expect(calls[0].headers.Authorization).toBe('Bearer tok');
    expect(calls[0].headers['X-Api-Key']).toBe('key-1');
    expect(calls[0].form.get('notes')).toBe('fine');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)?.loaded).toBe(progress.at(-1)?.total);
    expect(progress[0].loaded).toBeLessThan(progress[0].total ?? 0);
  });

  it('maps a problem answer the way the API client does, keeping field errors', async () => {
    stubUploads(
      () =>
        new Response(JSON.stringify({ status: 400, message: MSG.photoRequired, fieldErrors: [{ field: 'file', message: MSG.photoRequired }] }), {
          status: 400,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
    );
    const error = await failure(upload('/v1/action-results', new FormData(), { base: 'workflow' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(MSG.photoRequired);
    expect(error.fieldErrors).toEqual([{ field: 'file', message: MSG.photoRequired }]);

    stubUploads(() => new Response('', { status: 503 }));
    expect((await failure(upload('/v1/x', new FormData()))).message).toBe(STATUS_MESSAGES[503]);
  });

  it('gives the network text when the connection fails', async () => {
    stubUploads(() => 'network');
    const error = await failure(upload('/v1/x', new FormData()));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR);
  });

  it('clears the session and goes to sign-in on 401', async () => {
    localStorage.setItem('id_token', 'tok');
    stubUploads(() => problem(401, MSG.authenticationFailed));
    const error = await failure(upload('/v1/x', new FormData()));
    expect(error.message).toBe(MSG.authenticationFailed);
    expect(localStorage.getItem('id_token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('/login?redirect=%2Ftracker%2F5');
  });

  it('stops when its signal is aborted', async () => {
    let release: (response: Response) => void = () => undefined;
    stubUploads(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const controller = new AbortController();
    const pending = upload('/v1/x', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    release(Response.json({}));
  });
});
