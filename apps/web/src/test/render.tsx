// Renders a component inside the app's providers, with a fresh query cache and a memory router.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return renderRoutes([{ path: '*', element: ui }], { route });
}

export function renderRoutes(routes: RouteObject[], { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  // The app's defaults (how long an answer stays fresh, …), without retries.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ queries: { ...defaults.queries, retry: false }, mutations: { ...defaults.mutations, retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}
