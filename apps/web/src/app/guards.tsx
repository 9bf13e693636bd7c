// Route guards: signed-in screens send visitors to sign in (coming back afterwards); the
// sign-in page sends signed-in users on.
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '../lib/paths.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { isAuthenticated } from '../lib/storage.ts';

export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!isAuthenticated()) {
    return <Navigate to={paths.loginReturningTo(location.pathname + location.search)} replace />;
  }
  return children;
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  if (isAuthenticated()) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return children;
}
