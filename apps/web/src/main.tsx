// Entry point: styles, translations (which also set the page direction), then the app once the
// texts of the page's language have arrived.
import './lib/styles/first-screen.ts';
import { currentLanguage, i18nReady } from './lib/i18n/i18n.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { FIRST_SCREEN_NARROWER_THAN, setFirstScreenPath, takeFirstScreen, type FirstScreen } from './app/first-screen-answers.ts';
import { loadRoutes, preloadRoutes } from './app/routes.tsx';
import { dateTimeFormat } from './lib/intl.ts';
import { startServiceWorker } from './lib/pwa/app-update.ts';
import { requestSessionEarly } from './lib/session/api/get-session.ts';
import { getApiKey, isAuthenticated } from './lib/storage.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A page the server drew carries the answers it was drawn from (app/first-screen.ts).
const first = takeFirstScreen();
const STALE = 'data-first-screen-stale';

// The page's chunks travel while the texts do, and so does the session a signed-in page opens with.
if (preloadRoutes(window.location.pathname) && !first) requestSessionEarly();

/** The server's drawing is taken over only if it is what this device would draw itself. */
function fits(answers: FirstScreen): boolean {
  if (document.documentElement.hasAttribute(STALE) || answers.language !== currentLanguage() || !isAuthenticated()) return false;
  // Drawn for a phone's screen: a wider one (a phone turned sideways) lays the page out otherwise.
  if (window.matchMedia(`(min-width: ${FIRST_SCREEN_NARROWER_THAN})`).matches) return false;
  const apiKey = getApiKey();
  return !apiKey || apiKey === answers.session.workspace?.apiKey;
}

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Rendered even if the texts failed to arrive: the page then shows what it can and a reload helps.
/** The answers put in the cache, if they fit; the cache's code comes with the signed-in pages. */
async function seeded(answers: FirstScreen | null): Promise<boolean> {
  if (!answers || !fits(answers)) return false;
  // The page's first date format loads the runtime's zone and calendar data (about 15 ms on a
  // desktop, several times that on a phone). Done here, with a task's end after it, it does not
  // lengthen the task that takes the page over.
  dateTimeFormat('en', { timeZone: 'UTC' });
  // Its pages' chunks too, so that no part of the server's drawing waits for one while it is taken over.
  const [{ seedFirstScreen }, { queryClient }] = await Promise.all([
    import('./app/first-screen.ts'),
    import('./lib/query-client.ts'),
    loadRoutes(window.location.pathname),
    new Promise((resolve) => setTimeout(resolve)),
  ]);
  return seedFirstScreen(queryClient, answers) !== null;
}

void i18nReady.finally(async () => {
  if (await seeded(first).catch(() => false)) {
    // The same screen over the server's markup: it stays as it is while the code takes it over,
    // as a transition, so that taking it over yields to the browser between components.
    setFirstScreenPath(window.location.pathname);
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = createRoot(container);
  // As a transition, so the first render yields to the browser between components instead of
  // holding the main thread for the whole page.
  startTransition(() => {
    root.render(app);
  });
  document.documentElement.removeAttribute(STALE);
});
// Once the page has loaded: the app's files are then kept on the device for opening offline.
startServiceWorker();
