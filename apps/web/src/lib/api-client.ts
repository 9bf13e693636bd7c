// The one way the web app calls the API: three service bases, the bearer token and business key
// from local storage, JSON or form-data bodies, totals from X-Total-Count (spec §7), and an
// Idempotency-Key per intent on every call that changes something (lib/idempotency.ts).
import { API_BASES, API_KEY_HEADER, TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { ApiError, errorFromResponse, networkError, parseRetryAfter } from './api-error.ts';
import { IDEMPOTENCY_HEADER, intentFor, isRetryableStatus } from './idempotency.ts';
import { applyKioskHeaders, kioskCredentials, kioskUnauthorized } from './kiosk-session.ts';
import { paths } from './paths.ts';
import { clearSessionStorage, getApiKey, getToken, rememberSignInReason } from './storage.ts';

export { API_BASES };
export type ApiBase = keyof typeof API_BASES;

type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | ReadonlyArray<QueryScalar>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  base?: ApiBase;
  method?: HttpMethod;
  params?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; FormData is sent as is (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  /** X-Total-Count, when the server sent it. */
  total: number | null;
  status: number;
  headers: Headers;
}

export interface ListResult<T> {
  data: T[];
  total: number;
}

type UnauthorizedHandler = (loginTarget: string) => void;
let onUnauthorized: UnauthorizedHandler = (target) => window.location.assign(target);

/** The app replaces the full page load with a router navigation. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

let onPasswordChangeRequired: () => void = () => undefined;

/**
 * Called when a call answers 403 "Choose your own password to continue": an administrator set
 * this person's password while they were signed in. The app loads the session again, which
 * then shows the choose-password screen.
 */
export function setPasswordChangeRequiredHandler(handler: () => void): void {
  onPasswordChangeRequired = handler;
}

export function buildUrl(base: ApiBase, path: string, params?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    // Lists travel as comma lists: projects=1,2,3 (spec §7).
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (Array.isArray(value) && text === '') continue;
    search.append(name, text);
  }
  const query = search.toString();
  return `${API_BASES[base]}${path}${query ? `?${query}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function parseTotal(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const total = Number(value);
  return Number.isFinite(total) ? total : null;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A 401 outside sign-in: forget the session and go to the sign-in page (lib/upload.ts too),
 * which says 'Authentication failed'.
 */
export function handleUnauthorized(): void {
  clearSessionStorage();
  const { pathname, search } = window.location;
  if (pathname !== paths.login) {
    rememberSignInReason(MSG.authenticationFailed);
    onUnauthorized(paths.loginReturningTo(pathname + search));
  }
}

/** Sends a call with the session's credentials; a failed answer is thrown as an ApiError. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const base = options.base ?? 'main';
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json, application/problem+json');
  // The language the person is using, for what the server writes on their behalf (a ticket raised from an answer).
  if (!headers.has('Accept-Language') && document.documentElement.lang) headers.set('Accept-Language', document.documentElement.lang);
  // A shared kiosk sends its device token and the signed-in member's, never the person's own session.
  const kiosk = kioskCredentials();
  if (kiosk) {
    applyKioskHeaders(kiosk, (name, value) => headers.set(name, value));
  } else {
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const apiKey = getApiKey();
    if (apiKey) headers.set(API_KEY_HEADER, apiKey);
  }

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const url = buildUrl(base, path, options.params);
  const intent = intentFor(method, url, options.body);
  if (intent.key && !headers.has(IDEMPOTENCY_HEADER)) headers.set(IDEMPOTENCY_HEADER, intent.key);

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: options.signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError();
  }
  if (!isRetryableStatus(response.status)) intent.answered();

  if (!response.ok) {
    const payload = await readBody(response);
    // Sign-in and its second step (/authenticate/two-factor): a 401 there is a refused sign-in, not a lost session.
    const signIn = base === 'main' && (path === '/authenticate' || path.startsWith('/authenticate/'));
    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
    const error: ApiError = errorFromResponse(response.status, payload, signIn, retryAfter);
    if (response.status === 401 && kiosk) kioskUnauthorized(error.serverMessage);
    else if (response.status === 401 && !signIn) handleUnauthorized();
    if (response.status === 403 && error.serverMessage === MSG.passwordChangeRequired) onPasswordChangeRequired();
    throw error;
  }
  return response;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const response = await send(path, options);
  const payload = await readBody(response);
  return {
    data: payload as T,
    total: parseTotal(response.headers.get(TOTAL_COUNT_HEADER)),
    status: response.status,
    headers: response.headers,
  };
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

export interface ApiFile {
  blob: Blob;
  /** The name the server gave the file (Content-Disposition), when it gave one. */
  fileName: string | null;
}

/** `filename*=UTF-8''…` (any script) before the plain `filename="…"`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // Not valid percent-encoding: the plain name, if any, follows.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/** A file the API answers, with the name it gives it. */
async function fileOf(path: string, options: RequestOptions): Promise<ApiFile> {
  const response = await send(path, { ...options, headers: { Accept: '*/*', ...options.headers } });
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

async function dataOf<T>(path: string, options: RequestOptions): Promise<T> {
  return (await request<T>(path, options)).data;
}

export const api = {
  get: <T>(path: string, options?: BodylessOptions) => dataOf<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) => dataOf<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) => dataOf<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) => dataOf<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = null>(path: string, options?: Omit<RequestOptions, 'method'>) => dataOf<T>(path, { ...options, method: 'DELETE' }),
  /** A file the API serves to the signed-in caller (a report's PDF): a plain link would carry no credentials. */
  file: (path: string, options?: BodylessOptions) => fileOf(path, { ...options, method: 'GET' }),
  /** A file the API makes for a request that changes something (activation cards issue new keys). */
  postForFile: (path: string, body: unknown, options?: BodylessOptions) => fileOf(path, { ...options, method: 'POST', body }),
  /** A paged list: the items and X-Total-Count (the item count when the header is missing). */
  list: async <T>(path: string, options?: BodylessOptions): Promise<ListResult<T>> => {
    const response = await request<T[] | null>(path, { ...options, method: 'GET' });
    const data = Array.isArray(response.data) ? response.data : [];
    return { data, total: response.total ?? data.length };
  },
};
