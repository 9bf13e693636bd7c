// Renders a component inside the app's providers and data providers, with a fresh query cache and a
// memory router.
// `router` tells where the app has navigated to, and navigates as a person following a link would.
import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type RouteObject,
  type To,
} from 'react-router';
import { DataProviders } from '../app/data-providers.tsx';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export interface TestRouter {
  state: { location: Location };
  navigate: (to: To, options?: NavigateOptions) => void;
  /** The browser's back (-1) and forward (1) buttons. */
  go: (delta: number) => void;
}

function TestRoutes({ routes, router }: { routes: RouteObject[]; router: { location?: Location; navigate?: NavigateFunction } }) {
  router.location = useLocation();
  router.navigate = useNavigate();
  return useRoutes(routes);
}

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return renderRoutes([{ path: '*', element: ui }], { route });
}

export function renderRoutes(routes: RouteObject[], { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  // The app's defaults (how long an answer stays fresh, …), without retries.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ queries: { ...defaults.queries, retry: false }, mutations: { ...defaults.mutations, retry: false } });
  const seen: { location?: Location; navigate?: NavigateFunction } = {};
  const router: TestRouter = {
    state: {
      get location() {
        if (!seen.location) throw new Error('The router has not rendered yet');
        return seen.location;
      },
    },
    navigate: (to, options) => {
      if (!seen.navigate) throw new Error('The router has not rendered yet');
      void seen.navigate(to, options);
    },
    go: (delta) => {
      if (!seen.navigate) throw new Error('The router has not rendered yet');
      void seen.navigate(delta);
    },
  };
  const view = render(
    <Providers env="test">
      <DataProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Suspense fallback={null}>
            <TestRoutes routes={routes} router={seen} />
          </Suspense>
        </MemoryRouter>
      </DataProviders>
    </Providers>,
  );
  return { ...view, router, queryClient };
}
