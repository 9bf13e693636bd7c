// The states every detail page goes through before it has its entity: a bad id is not found,
// then loading, then an entity the server does not have (404) is not found either, else an error
// (under the page title when one is given), then the page.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';
import { ErrorState } from './error-state.tsx';
import { LoadingState } from './loading-state.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PageHeader } from './page-header.tsx';

interface QueryGateProps<T> {
  query: UseQueryResult<T>;
  /** False when the address does not name a valid entity. */
  valid?: boolean;
  errorTitle?: string;
  fallbackKey: string;
  children: (data: T) => ReactNode;
}

export function QueryGate<T>({ query, valid = true, errorTitle, fallbackKey, children }: QueryGateProps<T>) {
  if (!valid) return <NotFoundPage />;
  if (query.isPending) return <LoadingState />;
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  if (query.isError) {
    return (
      <>
        {errorTitle ? <PageHeader title={errorTitle} /> : null}
        <ErrorState withCard error={query.error} fallbackKey={fallbackKey} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return <>{children(query.data)}</>;
}
