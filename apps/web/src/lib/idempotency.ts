// One Idempotency-Key per intent: the same call with the same body, until the server has
// answered it. A retry after a network failure or a 5xx, or a second click while the first is on
// its way, reuses the key, so the server does the work once (plugins/idempotency.ts); once an
// answer has come, the same form sent again is a new intent with a new key.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The server keeps a key 24 hours; a retry later than this is a new intent. */
const KEEP_MS = 23 * 60 * 60 * 1000;
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const pending = new Map<string, { key: string; at: number }>();

/** A random key from the platform's generator (crypto.randomUUID needs a secure context; this does not). */
function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the body says, for telling one intent from another; files by name, size, type and date. */
function describeBody(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const parts: string[] = [];
    body.forEach((value, name) => {
      parts.push(typeof value === 'string' ? `${name}=${value}` : `${name}@${value.name}:${value.size}:${value.type}:${value.lastModified}`);
    });
    return `form\n${parts.join('\n')}`;
  }
  return typeof body === 'string' ? body : JSON.stringify(body);
}

export interface Intent {
  /** The key to send, or null for a call that changes nothing. */
  key: string | null;
  /** Call once an answer has come back: the intent is done, whatever the answer said. */
  answered(): void;
}

export function intentFor(method: string, url: string, body: unknown, now = Date.now()): Intent {
  if (!CHANGING.has(method.toUpperCase())) return { key: null, answered: () => undefined };
  const id = `${method.toUpperCase()} ${url}\n${describeBody(body)}`;
  for (const [other, entry] of pending) if (now - entry.at > KEEP_MS) pending.delete(other);
  let entry = pending.get(id);
  if (!entry) {
    entry = { key: newKey(), at: now };
    pending.set(id, entry);
  }
  const { key } = entry;
  return {
    key,
    answered: () => {
      if (pending.get(id)?.key === key) pending.delete(id);
    },
  };
}

/** A 5xx, a 408 or a 429 may not have been done: the next try is the same intent. */
export const isRetryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;
