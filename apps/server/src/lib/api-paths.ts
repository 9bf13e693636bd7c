// Which request paths are API calls: the main base under /api/ and the workflow and helpdesk
// bases under /services/. Everything else is the web app and its files.

/** Whether `url` (a path, with or without its query) is an API call. */
export const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/services/');
