// The router's error element: a failed page module or render shows the error page.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from './error-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

export function RouteErrorPage({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (error) console.error(error);
  // A reload also fetches page bundles again after a new deployment.
  return <ErrorPage fullScreen={!inShell} onRetry={() => window.location.reload()} />;
}
