// Calls about one tag need its id; without one they fail before anything is sent, with the
// specification's text (spec §5), the way the server would refuse them.
import { ApiError } from '../../../lib/api-error.ts';

export function requireTagId(tagId: number | null | undefined, message: string): number {
  if (typeof tagId !== 'number' || !Number.isInteger(tagId) || tagId <= 0) {
    throw new ApiError({ status: 400, userMessage: message, serverMessage: message, fromServer: true });
  }
  return tagId;
}
