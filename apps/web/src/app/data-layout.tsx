// The layout of every page after sign-in (onboarding, activation and the signed-in app): the
// data providers around the page. Its own chunk, so the sign-in page carries neither the query
// cache nor the date library. A cache provided from outside (a test's) is kept.
import { useContext } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { setCacheReset } from '../lib/cache-reset.ts';
import { queryClient } from '../lib/query-client.ts';
import { DataProviders } from './data-providers.tsx';

setCacheReset(() => queryClient.clear());

export function DataLayout() {
  const provided = useContext(QueryClientContext);
  return (
    <DataProviders queryClient={provided ?? queryClient}>
      <Outlet />
    </DataProviders>
  );
}
