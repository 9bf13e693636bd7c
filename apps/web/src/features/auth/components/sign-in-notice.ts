// A line for the sign-in page carried in the navigation's state (a new password was set): shown
// once, when the page opens from there, and gone on a reload or a later visit.
interface SignInNoticeState {
  signInNotice: string;
}

/** The navigation state that makes sign-in say `text` (an English message text, translated when shown). */
export const signInNotice = (text: string): SignInNoticeState => ({ signInNotice: text });

export function readSignInNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('signInNotice' in state)) return null;
  const { signInNotice: text } = state as SignInNoticeState;
  return typeof text === 'string' && text ? text : null;
}
