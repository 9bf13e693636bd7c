// The app: providers around the router; a 401 anywhere navigates to sign in without a reload.
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { resetCachedData } from '../lib/cache-reset.ts';
import { Providers } from './providers.tsx';
import { preloadRoutes, routes } from './routes.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/** The routes for the current address, with the chunks of the next one fetched together. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Idempotent: a chunk already fetched or on its way is not asked for again.
  preloadRoutes(pathname);

  useEffect(() => {
    setUnauthorizedHandler((target) => {
      void navigate(target, { replace: true });
      resetCachedData();
    });
  }, [navigate]);

  return useRoutes(routes);
}

/** Everything around the routes; the router is the browser's, or on the server a fixed address. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <ErrorBoundary>{children}</ErrorBoundary>
      <UpdatePrompt />
    </Providers>
  );
}

export function App() {
  return (
    <AppFrame>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
