// Entry point: styles, translations (which also set the page direction), then the app once the
// texts of the page's language have arrived.
import './lib/styles/first-screen.ts';
import { i18nReady } from './lib/i18n/i18n.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadRoutes } from './app/routes.tsx';
import { startServiceWorker } from './lib/pwa/app-update.ts';
import { requestSessionEarly } from './lib/session/api/get-session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The page's chunks travel while the texts do, and so does the session a signed-in page opens with.
if (preloadRoutes(window.location.pathname)) requestSessionEarly();

const root = createRoot(container);
// Rendered even if the texts failed to arrive: the page then shows what it can and a reload helps.
// As a transition, so the first render yields to the browser between components instead of
// holding the main thread for the whole page.
void i18nReady.finally(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
// Once the page has loaded: the app's files are then kept on the device for opening offline.
startServiceWorker();
