// Loads the session behind the splash, then provides it; a failure shows the error page with
// retry, a person whose password an administrator chose first chooses their own, and an account
// without a business gets the way to create one (or to accept an invitation).
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { ErrorPage } from '../components/error-page.tsx';
import { setPasswordChangeRequiredHandler } from '../lib/api-client.ts';
import { SplashScreen } from '../components/splash-screen.tsx';
import { useAfterLoad } from '../lib/after-load.ts';
import { withAppTexts } from '../lib/lazy-page.ts';
import { errorMessage } from '../lib/i18n/translate-message.ts';
import { NoBusinessError, PasswordChangeRequiredError } from '../lib/session/load-session.ts';
import { SessionContext, type SessionContextValue } from '../lib/session/session-context.ts';
import { useSessionQuery, useSessionRefresh } from '../lib/session/use-session-query.ts';
import { NoBusinessPage } from './no-business-page.tsx';

// Keeps the device copy and sends the outbox (lib/offline): not needed to draw the first screen,
// so it starts a little after the page has loaded.
const KEEPER_AFTER_LOAD_MS = 1500;
const OfflineKeeper = lazy(() => import('../lib/offline/offline-keeper.tsx'));

// Rarely shown, and its form carries the schema library: fetched when needed.
const ChoosePasswordPage = lazy(async () => ({
  default: (await withAppTexts(() => import('./choose-password-page.tsx'), 'profile')()).ChoosePasswordPage,
}));

export function SessionGate({ children }: { children: ReactNode }) {
  const query = useSessionQuery();
  const refreshSession = useSessionRefresh();
  const keeperReady = useAfterLoad(KEEPER_AFTER_LOAD_MS);

  // An administrator chose this person's password meanwhile (a call answered 403 "Choose your own
  // password to continue"): the session loads again and stops at the choose-password screen.
  useEffect(() => {
    setPasswordChangeRequiredHandler(() => void refreshSession());
    return () => setPasswordChangeRequiredHandler(() => undefined);
  }, [refreshSession]);

  const value = useMemo<SessionContextValue | null>(() => (query.data ? { ...query.data, refresh: refreshSession } : null), [query.data, refreshSession]);

  // Checked before the loaded session: a reload that finds either replaces the app.
  if (query.isError && query.error instanceof PasswordChangeRequiredError) {
    return (
      <Suspense fallback={<SplashScreen />}>
        <ChoosePasswordPage account={query.error.account} />
      </Suspense>
    );
  }
  if (query.isError && query.error instanceof NoBusinessError) return <NoBusinessPage />;
  if (query.isError && !value) {
    return <ErrorPage message={errorMessage(query.error)} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  if (!value) return <SplashScreen />;
  return (
    <SessionContext.Provider value={value}>
      {children}
      {keeperReady ? (
        <Suspense fallback={null}>
          <OfflineKeeper />
        </Suspense>
      ) : null}
    </SessionContext.Provider>
  );
}
