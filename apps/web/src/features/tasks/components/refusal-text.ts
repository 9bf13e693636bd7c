// The text of a refused change: the server's translated reason, followed by the names it gives
// in `detail` (the actions a chain rule ties to the change), when it gives them.
import { ApiError } from '../../../lib/api-error.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';

export function refusalText(error: unknown): string {
  const message = errorMessage(error);
  if (!(error instanceof ApiError) || !error.fromServer || !error.detail) return message;
  return i18n.t('tasks.refusal', { message, detail: error.detail });
}
