// Multipart uploads that report their progress. fetch cannot tell how many bytes have left the
// device, so this one call goes through XMLHttpRequest, with the same headers, 401 handling and
// error mapping and Idempotency-Key per intent as lib/api-client.ts.
import { API_KEY_HEADER } from '@fieldops/shared/limits';
import { buildUrl, handleUnauthorized, type ApiBase, type QueryValue } from './api-client.ts';
import { errorFromResponse, networkError, parseRetryAfter } from './api-error.ts';
import { IDEMPOTENCY_HEADER, intentFor, isRetryableStatus } from './idempotency.ts';
import { applyKioskHeaders, kioskCredentials, kioskUnauthorized } from './kiosk-session.ts';
import { getApiKey, getToken } from './storage.ts';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** The body's size in bytes; null when the browser cannot tell. */
  total: number | null;
}

export interface UploadOptions {
  base?: ApiBase;
  method?: 'POST' | 'PUT';
  params?: Record<string, QueryValue>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** The key of an intent kept elsewhere (the outbox), sent instead of one chosen here. */
  idempotencyKey?: string;
  /** Gives up after this long without an answer, as a network failure (0: never). */
  timeoutMs?: number;
}

export interface UploadResponse<T> {
  data: T;
  status: number;
}

function readPayload(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return null;
  const type = xhr.getResponseHeader('Content-Type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const abortError = () => new DOMException('The upload was aborted', 'AbortError');

/** Sends `form` and resolves with the parsed answer; rejects with an ApiError like `api.post`. */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<UploadResponse<T>> {
  const base = options.base ?? 'main';
  return new Promise<UploadResponse<T>>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const method = options.method ?? 'POST';
    const url = buildUrl(base, path, options.params);
    const intent = options.idempotencyKey ? { key: options.idempotencyKey, answered: () => undefined } : intentFor(method, url, form);
    xhr.open(method, url);
    if (options.timeoutMs) xhr.timeout = options.timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json, application/problem+json');
    if (intent.key) xhr.setRequestHeader(IDEMPOTENCY_HEADER, intent.key);
    const kiosk = kioskCredentials();
    if (kiosk) {
      applyKioskHeaders(kiosk, (name, value) => xhr.setRequestHeader(name, value));
    } else {
      const token = getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      const apiKey = getApiKey();
      if (apiKey) xhr.setRequestHeader(API_KEY_HEADER, apiKey);
    }

    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);

    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.onprogress = (event) => report({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    }
    xhr.onload = () => {
      settle();
      if (xhr.status !== 0 && !isRetryableStatus(xhr.status)) intent.answered();
      const payload = readPayload(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ data: payload as T, status: xhr.status });
        return;
      }
      // Some browsers report a refused or dropped connection as a load with status 0.
      if (xhr.status === 0) {
        reject(networkError());
        return;
      }
      const error = errorFromResponse(xhr.status, payload, false, parseRetryAfter(xhr.getResponseHeader('Retry-After')));
      if (xhr.status === 401 && kiosk) kioskUnauthorized(error.serverMessage);
      else if (xhr.status === 401) handleUnauthorized();
      reject(error);
    };
    xhr.onerror = () => {
      settle();
      reject(networkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    // The browser sets the multipart boundary itself.
    xhr.send(form);
  });
}
