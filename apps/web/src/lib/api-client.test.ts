import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, NETWORK_ERROR, STATUS_MESSAGES, UNEXPECTED_ERROR } from '@fieldops/shared/messages';
import { ApiError, errorText } from './api-error.ts';
import { api, buildUrl, fileNameOf, request, setUnauthorizedHandler } from './api-client.ts';

type FetchArgs = [input: string, init: RequestInit];

function problem(status: number, message: string, fieldErrors?: { field: string; message: string }[]) {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, message, fieldErrors }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

function stubFetch(respond: (...args: FetchArgs) => Response | Promise<Response>) {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const onUnauthorized = vi.fn();

beforeEach(() => {
  setUnauthorizedHandler(onUnauthorized);
  window.history.replaceState(null, '', '/projects?page=2');
});

afterEach(() => {
  vi.unstubAllGlobals();
  onUnauthorized.mockReset();
  localStorage.clear();
});

describe('requests', () => {
  it('sends the bearer token and business key from local storage', async () => {
    localStorage.setItem('id_token', 'tok');
    localStorage.setItem('apiKey', 'key-1');
    const fetchMock = stubFetch(() => Response.json({ ok: true }));

    await api.post('/v1/things', { name: 'A' }, { base: 'workflow' });

    const [url, init] = fetchMock.mock.calls[0];
    const headers = new Headers(init.headers);
    expect(url).toBe('/services/workflow/api/v1/things');
    expect(init.method).toBe('POST');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('X-Api-Key')).toBe('key-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"name":"A"}');
  });

  it('says which language the person is using', async () => {
    document.documentElement.lang = 'ar';
    try {
      const fetchMock = stubFetch(() => Response.json({ ok: true }));
      await api.get('/v1/things');
      expect(new Headers(fetchMock.mock.calls[0][1].headers).get('Accept-Language')).toBe('ar');
    } finally {
      document.documentElement.lang = 'en';
    }
  });

  it('sends no auth headers when nothing is stored', async () => {
    const fetchMock = stubFetch(() => Response.json([]));
    await api.get('/v1/industries');
    const headers = new Headers(fetchMock.mock.calls[0][1].headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('X-Api-Key')).toBe(false);
  });

  it('passes FormData through without a content type', async () => {
    const fetchMock = stubFetch(() => Response.json({}));
    const form = new FormData();
    form.append('name', 'A');
    await api.put('/users/1/profile', form);
    const [, init] = fetchMock.mock.calls[0];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('reads X-Total-Count for lists', async () => {
    stubFetch(() => Response.json([{ id: 1 }], { headers: { 'X-Total-Count': '42' } }));
    await expect(api.list('/v1/teams', { params: { page: 0, size: 1 } })).resolves.toEqual({
      data: [{ id: 1 }],
      total: 42,
    });
    const response = await request<unknown[]>('/v1/teams');
    expect(response.total).toBe(42);
  });

  it('builds query strings with comma lists and skips empty values', () => {
    expect(buildUrl('helpdesk', '/v1/tickets', { page: 0, teams: [1, 2], searchKey: '', task: undefined })).toBe(
      '/services/helpdesk/api/v1/tickets?page=0&teams=1%2C2',
    );
  });

  it('reads a file with the credentials, whole, under the name the server gives it', async () => {
    localStorage.setItem('id_token', 'tok');
    localStorage.setItem('apiKey', 'key-1');
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00]);
    const fetchMock = stubFetch(
      () =>
        new Response(bytes, {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent('تقرير.pdf')}`,
          },
        }),
    );

    const file = await api.file('/schedules/4/inspection/report.pdf', { base: 'workflow', params: { lang: 'ar' } });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/services/workflow/api/schedules/4/inspection/report.pdf?lang=ar');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
    expect(file.fileName).toBe('تقرير.pdf');
    expect(fileNameOf('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    // A refusal reads as any other call's.
    stubFetch(() => problem(404, MSG.scheduleNotFound));
    expect((await failure(api.file('/schedules/5/inspection/report.pdf', { base: 'workflow' }))).message).toBe(MSG.scheduleNotFound);
  });

  it('treats an empty 204 answer as null', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/v1/teams/1')).resolves.toBeNull();
  });
});

describe('error mapping', () => {
  it('prefers the server message on a 4xx when it is a specification text', async () => {
    stubFetch(() => problem(400, MSG.nameInvalid, [{ field: 'body.name', message: MSG.nameInvalid }]));
    const error = await failure(api.post('/v1/projects', {}));
    expect(error.status).toBe(400);
    expect(error.message).toBe(MSG.nameInvalid);
    expect(error.fromServer).toBe(true);
    expect(error.fieldErrors).toEqual([{ field: 'body.name', message: MSG.nameInvalid }]);
  });

  it('uses the per-status text when the server message is a code', async () => {
    stubFetch(() => problem(404, 'error.notfound'));
    const error = await failure(api.get('/v1/projects/9'));
    expect(error.message).toBe(STATUS_MESSAGES[404]);
    expect(error.serverMessage).toBe('error.notfound');
    expect(error.fromServer).toBe(false);
  });

  it('never shows a server text on a 5xx', async () => {
    stubFetch(() => problem(500, 'Internal details here'));
    expect((await failure(api.get('/v1/account'))).message).toBe(STATUS_MESSAGES[500]);
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    expect((await failure(api.get('/v1/account'))).message).toBe(STATUS_MESSAGES[502]);
  });

  it("falls back to 'Unexpected error' for statuses without a text", async () => {
    stubFetch(() => new Response('', { status: 418 }));
    const error = await failure(api.get('/v1/account'));
    expect(error.status).toBe(418);
    expect(error.message).toBe(UNEXPECTED_ERROR);
  });

  it('keeps the server text of a 429, with Retry-After in seconds', async () => {
    stubFetch(() => {
      const response = problem(429, MSG.tooManyAttempts);
      response.headers.set('Retry-After', '900');
      return response;
    });
    const error = await failure(api.post('/authenticate', {}));
    expect(error.message).toBe(MSG.tooManyAttempts);
    expect(error.retryAfter).toBe(900);
  });

  it("reads any other 429 as the API's rate-limit text, never as a stray sentence", async () => {
    for (const answer of [() => problem(429, 'Rate limit exceeded, retry in 1 minute'), () => new Response('', { status: 429 })]) {
      stubFetch(answer);
      const error = await failure(api.get('/v1/projects'));
      expect(error.message).toBe(MSG.tooManyRequests);
      expect(error.fromServer).toBe(true);
      expect(error.retryAfter).toBeNull();
    }
    stubFetch(() => problem(429, MSG.tooManyRequests));
    expect((await failure(api.get('/v1/projects'))).message).toBe(MSG.tooManyRequests);
  });

  it('reports a network error when no response comes', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/v1/account'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR);
  });

  it('lets an aborted request fail as an abort, not a network error', async () => {
    stubFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(api.get('/v1/account')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('on a 401 clears the session, keeps the language and goes to sign in', async () => {
    localStorage.setItem('id_token', 'tok');
    localStorage.setItem('apiKey', 'key');
    localStorage.setItem('teams', '[]');
    localStorage.setItem('language', 'ar');
    stubFetch(() => problem(401, MSG.authenticationFailed));

    const error = await failure(api.get('/v1/account'));

    expect(error.message).toBe(MSG.authenticationFailed);
    expect(localStorage.getItem('id_token')).toBeNull();
    expect(localStorage.getItem('apiKey')).toBeNull();
    expect(localStorage.getItem('teams')).toBeNull();
    expect(localStorage.getItem('language')).toBe('ar');
    expect(onUnauthorized).toHaveBeenCalledWith('/login?redirect=%2Fprojects%3Fpage%3D2');
    // The sign-in page is told why.
    expect(sessionStorage.getItem('signInReason')).toBe(MSG.authenticationFailed);
  });

  it('does not redirect on a 401 when already on the sign-in page', async () => {
    window.history.replaceState(null, '', '/login');
    localStorage.setItem('id_token', 'tok');
    stubFetch(() => problem(401, MSG.authenticationFailed));
    await failure(api.get('/v1/account'));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem('id_token')).toBeNull();
  });

  it('treats a 401 from POST /api/authenticate as a wrong password only', async () => {
    window.history.replaceState(null, '', '/login');
    localStorage.setItem('language', 'en');
    stubFetch(() => problem(401, MSG.authenticationFailed));
    const error = await failure(api.post('/authenticate', { username: 'a', password: 'b' }));
    expect(error.message).toBe(MSG.invalidCredentials);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps a precise sign-in refusal such as an inactive account', async () => {
    stubFetch(() => problem(401, MSG.accountNotActivated));
    expect((await failure(api.post('/authenticate', {}))).message).toBe(MSG.accountNotActivated);
  });
});

describe('errorText', () => {
  it('uses the caller default unless the server or the network gave a text', () => {
    const server = new ApiError({ status: 400, userMessage: MSG.emailTaken, fromServer: true });
    const status = new ApiError({ status: 500, userMessage: STATUS_MESSAGES[500] });
    const network = new ApiError({ status: 0, userMessage: NETWORK_ERROR });
    expect(errorText(server, 'Update user profile failed')).toBe(MSG.emailTaken);
    expect(errorText(status, 'Update user profile failed')).toBe('Update user profile failed');
    expect(errorText(network, 'Update user profile failed')).toBe(NETWORK_ERROR);
    expect(errorText(new Error('boom'))).toBe(UNEXPECTED_ERROR);
  });
});

describe('Idempotency-Key', () => {
  const keyOf = (init: RequestInit) => new Headers(init.headers).get('Idempotency-Key');

  it('sends the same key when a create is retried after a network failure or a 503, and a new one after it succeeded', async () => {
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => problem(503, 'Service unavailable. Check back shortly.'),
      () => new Response(JSON.stringify({ id: 1 }), { status: 201, headers: { 'Content-Type': 'application/json' } }),
      () => new Response(JSON.stringify({ id: 2 }), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    ];
    const fetchMock = stubFetch(() => (answers.shift() as () => Response)());
    const create = () => api.post('/v1/projects', { name: 'North' });
    await expect(create()).rejects.toBeInstanceOf(ApiError);
    await expect(create()).rejects.toBeInstanceOf(ApiError);
    await create();
    await create();
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(keys[0]).toMatch(/^[a-f0-9]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('sends none with a read', async () => {
    const fetchMock = stubFetch(() => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await api.get('/v1/projects');
    expect(keyOf(fetchMock.mock.calls[0][1])).toBeNull();
  });
});
