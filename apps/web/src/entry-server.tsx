// Draws a signed-in visitor's first screen on the server: the app at `/` or `/tickets` with the
// session and the page's answers already in its cache (app/first-screen.ts), as markup the page
// shows before its code has arrived. Built for Node.js by `vite build --ssr` into dist-server/ and
// used by the API server (apps/server/src/plugins/first-screen.ts). Drawings run one at a time:
// the texts' language, dates' locale and the stored entries the app reads are the process's own.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClientProvider } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { STORAGE_KEYS } from '@fieldops/shared/limits';
import { AppFrame, AppRoutes } from './app/app.tsx';
import { setFirstScreenPath } from './app/first-screen-answers.ts';
import { drawnPathOf, seedFirstScreen, type FirstScreen } from './app/first-screen.ts';
import { ensureLanguage, i18n } from './lib/i18n/i18n.ts';
import { FEATURE_TEXT_PARTS } from './lib/i18n/resources.ts';
import { createQueryClient } from './lib/query-client.ts';
import { setServerStorage } from './lib/storage.ts';

export type { FirstScreen };

let queue: Promise<unknown> = Promise.resolve();

/** The markup of `#root` for these answers, or null when they do not make a first screen. */
export function renderFirstScreen(first: FirstScreen, token: string): Promise<string | null> {
  const drawn = queue.then(() => draw(first, token));
  queue = drawn.catch(() => undefined);
  return drawn;
}

async function draw(first: FirstScreen, token: string): Promise<string | null> {
  const queryClient = createQueryClient();
  const at = drawnPathOf(first);
  setFirstScreenPath(at);
  setServerStorage({ [STORAGE_KEYS.token]: token, [STORAGE_KEYS.language]: first.language });
  try {
    await ensureLanguage(first.language, i18n, ['sign-in', 'app', ...FEATURE_TEXT_PARTS]);
    await i18n.changeLanguage(first.language);
    if (!seedFirstScreen(queryClient, first)) return null;
    // A part that fails here would be left for the browser to draw: the plain page is served instead.
    const failures: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppFrame>
            <StaticRouter location={at}>
              <AppRoutes />
            </StaticRouter>
          </AppFrame>
        </QueryClientProvider>
      </StrictMode>,
      // Every part inline: an outlined one would need an inline script to move it in place.
      { onError: (error) => void failures.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    if (failures.length > 0) throw new AggregateError(failures, 'The first screen failed to draw');
    const parts: Buffer[] = [];
    for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
    return Buffer.concat(parts).toString('utf8');
  } finally {
    setServerStorage(null);
    setFirstScreenPath(null);
    queryClient.clear();
  }
}
