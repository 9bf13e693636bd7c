// Loads the session behind the splash, then provides it; a failure shows the error page with
// retry, and an account without a business gets the way to create one.
import { useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorPage } from '../components/error-page.tsx';
import { SplashScreen } from '../components/splash-screen.tsx';
import { errorMessage } from '../lib/i18n/translate-message.ts';
import { NoBusinessError } from '../lib/session/load-session.ts';
import { SessionContext, type SessionContextValue } from '../lib/session/session-context.ts';
import { sessionQueryKey, useSessionQuery } from '../lib/session/use-session-query.ts';
import { NoBusinessPage } from './no-business-page.tsx';

export function SessionGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useSessionQuery();

  const value = useMemo<SessionContextValue | null>(
    () =>
      query.data
        ? { ...query.data, refresh: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }) }
        : null,
    [query.data, queryClient],
  );

  if (query.isError && query.error instanceof NoBusinessError) return <NoBusinessPage />;
  if (query.isError && !value) {
    return (
      <ErrorPage
        message={errorMessage(query.error)}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!value) return <SplashScreen />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
