// Errors the rules raise; the error plugin turns them into problem+json answers (DESIGN §5).
import type { FieldError } from '@fieldops/shared/common';
import { MSG } from '@fieldops/shared/messages';

export type { FieldError };

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** `headers` go on the answer too, such as Retry-After on a 429. */
    readonly extra: { detail?: string; fieldErrors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MSG.invalid, fieldErrors?: FieldError[]) => new AppError(400, message, { fieldErrors });
export const fieldError = (field: string, message: string) => new AppError(400, message, { fieldErrors: [{ field, message }] });
export const unauthorized = (message: string = MSG.authenticationFailed) => new AppError(401, message);
export const forbidden = (message: string = MSG.accessDenied) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string, fieldErrors?: FieldError[]) => new AppError(409, message, { fieldErrors });
/** An id in a body that the business does not have: 404 like any other id, naming the field. */
export const missingReference = (field: string, message: string) => new AppError(404, message, { fieldErrors: [{ field, message }] });
