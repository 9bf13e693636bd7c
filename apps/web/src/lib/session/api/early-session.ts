// A signed-in page's session is asked for by the first script of index.html
// (build/language-preload.ts), before the app's code has arrived; the response waits under this
// global until the app takes it (`requestSessionEarly`). Kept free of imports: the build reads it.
export const SESSION_PATH = '/v1/account/session';
export const EARLY_SESSION_GLOBAL = '__fieldopsSession';
