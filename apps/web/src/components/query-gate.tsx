// The states every detail page goes through before it has its entity: a bad id is not found,
// then loading, then an error with retry (under the page title when one is given), then the page.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
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
