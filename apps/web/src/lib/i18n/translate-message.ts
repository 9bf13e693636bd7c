// Server and call-failure texts arrive in English (the specification's texts). This maps a
// known English text back to its key in the "messages" section and shows it translated.
import { STATUS_MESSAGES, UNEXPECTED_ERROR } from '@fieldops/shared/messages';
import { ApiError } from '../api-error.ts';
import { i18n } from './i18n.ts';
// Only the messages section: the named import leaves the rest of the file out of the bundle.
import { messages } from '../../locales/en.json';

// The English texts are needed in every language: they are what the server sends.
const englishMessages: Record<string, string> = messages;
const keyByText = new Map<string, string>();
for (const [key, value] of Object.entries(englishMessages)) {
  if (!keyByText.has(value)) keyByText.set(value, key);
}

const BOUND = /^This must be at (least|most) (-?\d+(?:\.\d+)?)$/;

export function translateMessage(text: string | null | undefined): string {
  if (!text) return i18n.t('messages.unexpectedError');
  const key = keyByText.get(text.trim());
  if (key) return i18n.t(`messages.${key}`);
  const bound = BOUND.exec(text.trim());
  if (bound) {
    return i18n.t(bound[1] === 'least' ? 'messages.atLeast' : 'messages.atMost', { value: bound[2] });
  }
  return text;
}

/** Whether an English text has a translation in the messages section. */
export const isKnownMessage = (text: string) => keyByText.has(text) || BOUND.test(text);

/**
 * The translated text for a failed change: the server's own text or the network text when there
 * is one, else the caller's default (a key of "messages", such as 'Transfer failed, please try
 * again'), else the per-status text.
 */
export function errorMessage(error: unknown, fallbackKey?: string): string {
  if (error instanceof ApiError && (error.fromServer || error.status === 0)) {
    return translateMessage(error.message);
  }
  if (fallbackKey) return i18n.t(`messages.${fallbackKey}`);
  if (error instanceof ApiError) return translateMessage(error.message);
  return translateMessage(UNEXPECTED_ERROR);
}

/**
 * The translated text for a list or a page that could not load (spec §8): the server's own text
 * or the network text when there is one, else the text of the status (403 'Access denied…', 503
 * 'Service unavailable…'), and for a status the catalogue does not name (a 418) 'Unexpected
 * error'; the caller's default only for a failure that is not an answer at all.
 */
export function loadErrorMessage(error: unknown, fallbackKey?: string): string {
  if (error instanceof ApiError && (error.status in STATUS_MESSAGES || error.status === 401)) return translateMessage(error.message);
  if (error instanceof ApiError && !error.fromServer && error.status !== 0) return translateMessage(UNEXPECTED_ERROR);
  return errorMessage(error, fallbackKey);
}

/** Refusals that answer the same however often they are asked: bad input, no access, not there, a conflict. */
const DEFINITE_REFUSALS = new Set([400, 401, 403, 404, 409, 410, 422]);

/**
 * Whether trying the same call again can help: not after a definite refusal, which would only
 * answer the same; after anything else ('Unexpected error' included), yes.
 */
export function canRetry(error: unknown): boolean {
  return !(error instanceof ApiError && DEFINITE_REFUSALS.has(error.status));
}
