// The app: providers around the router; a 401 anywhere navigates to sign in without a reload.
import { RouterProvider, createBrowserRouter } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

setUnauthorizedHandler((target) => {
  void router.navigate(target, { replace: true });
  queryClient.clear();
});

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </Providers>
  );
}
