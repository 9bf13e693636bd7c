import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { use } from 'react';
import { SessionContext } from '../../lib/session/session-context.ts';
import { renderRoutes } from '../../test/render.tsx';
import { fakeSession, list, stubFetch } from '../../test/session.tsx';
import { firstScreenPath, setFirstScreenPath } from '../first-screen-answers.ts';
import { AppLayout } from './app-layout.tsx';

// Pages that wait for their code: where one waits shows where the nearest loading boundary is.
const never = new Promise<never>(() => undefined);
function Waiting() {
  use(never);
  return null;
}
let arrive: () => void = () => undefined;
let arrival: Promise<void> = Promise.resolve();
function Arriving() {
  use(arrival);
  return <p>The dashboard</p>;
}

function renderShell(route: string) {
  vi.stubGlobal('fetch', stubFetch(() => list([])).fetchMock);
  return renderRoutes(
    [
      {
        element: (
          <SessionContext.Provider value={fakeSession()}>
            <AppLayout />
          </SessionContext.Provider>
        ),
        children: [
          { index: true, element: <Arriving /> },
          { path: 'projects', element: <Waiting /> },
        ],
      },
    ],
    { route },
  );
}

afterEach(() => {
  setFirstScreenPath(null);
  vi.unstubAllGlobals();
});

describe('the signed-in shell', () => {
  it('shows its own loading state while a page waits', async () => {
    await act(async () => {
      renderShell('/projects');
    });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('draws the page the server drew without a loading boundary of its own, until the first move to another page', async () => {
    arrival = new Promise((resolve) => (arrive = resolve));
    setFirstScreenPath('/');
    let view: ReturnType<typeof renderShell> | undefined;
    await act(async () => {
      view = renderShell('/');
    });
    // No boundary in the shell: the waiting page holds the shell back with it, as one piece (the
    // way it is taken over from the server's markup).
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    // Taken over: a shell drawn later draws its pages as usual.
    expect(firstScreenPath()).toBeNull();

    // Another page: its wait shows in the shell again.
    await act(async () => view?.router.navigate('/projects'));
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
