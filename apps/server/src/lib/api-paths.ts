// Which request paths are API calls: the main base under /api/ and the workflow and helpdesk
// bases under /services/. Everything else is the web app and its files.
//
// The router matches a path %-decoded (`/%61pi/v1/projects` reaches `/api/v1/projects`), so every
// guard that asks "is this an API call?" (the rate limit, no-store, signed file links, the API's
// security headers) asks it of the decoded path, never of the raw URL, or an escaped path would
// reach the API past them.

/** Whether `path` (already decoded, without its query) is an API call. */
export const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/services/');

/** A request URL's path as the router matches it: %-decoded, without its query. */
export function routedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    // The router refuses a malformed escape (400) before any hook asks.
    return path;
  }
}

/** Whether a request (by its raw URL) is an API call, judged on the path the router matched. */
export const isApiUrl = (url: string) => isApiPath(routedPath(url));
