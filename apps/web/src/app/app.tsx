// The app: providers around the router; a 401 anywhere navigates to sign in without a reload.
import { useEffect } from 'react';
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

export function App() {
  return (
    <Providers>
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
      <UpdatePrompt />
    </Providers>
  );
}
