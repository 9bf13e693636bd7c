// The states every list and page goes through before it shows its data, drawn the same way
// everywhere: a bad id is not found, then loading, then an error (a page's own entity that the
// server does not have, a 404, is not found too; the error sits under the page title when one is
// given), then the empty state when there is nothing to show, then the data.
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-error.ts';
import { ErrorState } from './error-state.tsx';
import { LoadingState } from './loading-state.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PageHeader } from './page-header.tsx';

/** What the gate reads of a query, a single or an infinite one. */
export interface GatedQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryGateProps<T> {
  query: GatedQuery<T>;
  /** A key of the "messages" section used when the server gave no text of its own. */
  fallbackKey: string;
  /** False when the address does not name a valid entity. */
  valid?: boolean;
  /** The query reads the page's own entity: a 404 shows the not-found page. */
  notFound?: boolean;
  errorTitle?: string;
  /** The error in a card of its own (a page, a list); without one inside a card, drawer or modal. */
  withCard?: boolean;
  /** Something else the data is shown with is still loading. */
  waiting?: boolean;
  /** Data already read stays on screen when reading it again fails. */
  keepDataOnError?: boolean;
  loaderHeight?: number | string;
  /** A loading state other than the centred loader (a skeleton). */
  loading?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

export function QueryGate<T>({
  query,
  fallbackKey,
  valid = true,
  notFound = false,
  errorTitle,
  withCard = true,
  waiting = false,
  keepDataOnError = false,
  loaderHeight,
  loading,
  isEmpty,
  empty,
  children,
}: QueryGateProps<T>) {
  if (!valid) return <NotFoundPage />;
  const loader = loading ?? <LoadingState minHeight={loaderHeight} />;
  if (query.isPending || waiting) return <>{loader}</>;
  const failed = query.isError && !(keepDataOnError && query.data !== undefined);
  if (failed && notFound && query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  if (failed) {
    return (
      <>
        {errorTitle ? <PageHeader title={errorTitle} /> : null}
        <ErrorState withCard={withCard} error={query.error} fallbackKey={fallbackKey} onRetry={() => void query.refetch()} />
      </>
    );
  }
  // Past these states the query has its data; the check only tells the type so.
  if (query.data === undefined) return <>{loader}</>;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
