// The error every failed call throws, and the rules that turn a failure into a text for people
// (spec §7 and §8, DESIGN §5).
import { MSG, NETWORK_ERROR, STATUS_MESSAGES, UNEXPECTED_ERROR } from '@fieldops/shared/messages';
import type { FieldError } from '@fieldops/shared/common';

export type { FieldError };

interface ApiErrorInit {
  status: number;
  userMessage: string;
  serverMessage?: string | null;
  detail?: string | null;
  fieldErrors?: FieldError[];
  fromServer?: boolean;
  retryAfter?: number | null;
}

export class ApiError extends Error {
  /** HTTP status; 0 when no response came. */
  readonly status: number;
  /** The `message` of the server's problem document, as sent. */
  readonly serverMessage: string | null;
  /** The problem's `detail`, such as the names of the items a refusal is about. */
  readonly detail: string | null;
  readonly fieldErrors: FieldError[];
  /** True when the text shown is the server's own specification text. */
  readonly fromServer: boolean;
  /** Seconds to wait before trying again (a 429's Retry-After), when the server said. */
  readonly retryAfter: number | null;

  constructor(init: ApiErrorInit) {
    super(init.userMessage);
    this.name = 'ApiError';
    this.status = init.status;
    this.serverMessage = init.serverMessage ?? null;
    this.detail = init.detail ?? null;
    this.fieldErrors = init.fieldErrors ?? [];
    this.fromServer = init.fromServer ?? false;
    this.retryAfter = init.retryAfter ?? null;
  }

  /** The text for people (English; translate with translateMessage). */
  get userMessage(): string {
    return this.message;
  }
}

const KNOWN_TEXTS = new Set<string>([...Object.values(MSG), ...Object.values(STATUS_MESSAGES)]);
const MIN_MAX_TEXT = /^This must be at (least|most) -?\d+(\.\d+)?$/;

/**
 * The server's `message` is either a stable code ("error.validation") or a specification text.
 * Only the texts are meant for people: a known text, a min/max text, or a sentence.
 */
export function isSpecText(message: string | null | undefined): message is string {
  if (!message) return false;
  const text = message.trim();
  if (KNOWN_TEXTS.has(text) || MIN_MAX_TEXT.test(text)) return true;
  return /^\p{L}/u.test(text) && /\s/.test(text);
}

export function statusText(status: number): string {
  return STATUS_MESSAGES[status] ?? UNEXPECTED_ERROR;
}

interface ProblemLike {
  message?: unknown;
  detail?: unknown;
  fieldErrors?: unknown;
}

function readFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, message } = item as Record<string, unknown>;
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}

/** Retry-After in seconds (the HTTP-date form too); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value?.trim()) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const TOO_MANY = new Set<string>([MSG.tooManyAttempts, MSG.accountLocked, MSG.tooManyRequests]);

/** Builds the error for a non-2xx answer. `signIn` marks POST /api/authenticate. */
export function errorFromResponse(status: number, body: unknown, signIn = false, retryAfter: number | null = null): ApiError {
  const problem: ProblemLike = typeof body === 'object' && body !== null ? (body as ProblemLike) : {};
  const serverMessage = typeof problem.message === 'string' ? problem.message : null;
  const fieldErrors = readFieldErrors(problem.fieldErrors);
  const detail = typeof problem.detail === 'string' ? problem.detail : null;
  const base = { status, serverMessage, detail, fieldErrors, retryAfter };

  if (status === 429) {
    // The sign-in limits have texts of their own; any other limit (a proxy's, the API's) reads
    // as the API's rate-limit text rather than an untranslated sentence.
    const text = serverMessage && TOO_MANY.has(serverMessage.trim()) ? serverMessage.trim() : MSG.tooManyRequests;
    return new ApiError({ ...base, userMessage: text, fromServer: true });
  }

  if (status === 401 && signIn) {
    // A refused sign-in is an ordinary error; a more precise text (not activated) is kept.
    const precise = isSpecText(serverMessage) && serverMessage !== MSG.authenticationFailed && serverMessage !== STATUS_MESSAGES[401];
    return precise ? new ApiError({ ...base, userMessage: serverMessage, fromServer: true }) : new ApiError({ ...base, userMessage: MSG.invalidCredentials });
  }
  if (status === 401) return new ApiError({ ...base, userMessage: MSG.authenticationFailed });
  if (status >= 400 && status < 500 && isSpecText(serverMessage)) {
    return new ApiError({ ...base, userMessage: serverMessage, fromServer: true });
  }
  return new ApiError({ ...base, userMessage: statusText(status) });
}

export function networkError(): ApiError {
  return new ApiError({ status: 0, userMessage: NETWORK_ERROR });
}

/**
 * The English text to show for a failed call: the server's specification text or the
 * network text when there is one, else the caller's default (e.g. 'Update user profile
 * failed'), else the per-status text.
 */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    if (error.fromServer || error.status === 0) return error.message;
    return fallback ?? error.message;
  }
  return fallback ?? UNEXPECTED_ERROR;
}
