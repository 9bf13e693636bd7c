// Renders the imports page at an address as the app routes it (/imports and /imports/:importId),
// signed in, and records every call with its Idempotency-Key.
import { createElement } from 'react';
import { Outlet } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { SessionContext, type SessionContextValue } from '../../../lib/session/session-context.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fakeSession, stubFetch, type StubCall } from '../../../test/session.tsx';
import { ImportsPage } from '../imports-page.tsx';

export function renderImports(route: string, session: SessionContextValue = fakeSession()) {
  const page = createElement(ImportsPage);
  return renderRoutes(
    [
      {
        element: createElement(SessionContext.Provider, { value: session }, createElement(Outlet)),
        children: [
          { path: paths.imports, element: page },
          { path: paths.importRun(), element: page },
        ],
      },
    ],
    { route },
  );
}

export interface KeyedCall extends StubCall {
  idempotencyKey: string | null;
}

/** stubFetch, with each call's Idempotency-Key header kept beside it. */
export function stubKeyedFetch(answer: (call: StubCall) => Response | undefined) {
  const stub = stubFetch(answer);
  const calls: KeyedCall[] = [];
  const fetchMock = async (input: string, init: RequestInit = {}) => {
    const response = stub.fetchMock(input, init);
    const call = stub.calls[stub.calls.length - 1]!;
    calls.push({ ...call, idempotencyKey: new Headers(init.headers).get('Idempotency-Key') });
    return response;
  };
  return { calls, fetchMock };
}
