// A manager reading another member's schedule sees where each answer was given (outside, location
// unverified, counted by override with who, when and why) and, for the sites they manage, counts
// an answer kept for its location with a reason.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActionResult } from '@fieldops/shared/answers';
import { SessionContext } from '../../lib/session/session-context.ts';
import { removeGeolocation } from '../../test/fake-geolocation.ts';
import { renderRoutes } from '../../test/render.tsx';
import { fakeSession, stubFetch } from '../../test/session.tsx';
import { WORKFLOW, chainedActions, makeAnswer, makeDetail } from './test/fixtures.ts';
import { SchedulePage } from './schedule-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  removeGeolocation();
});

const [question] = chainedActions();
/** Another member's schedule, answered once from outside the site and once with no usable fix. */
function detailWith(answers: ActionResult[]) {
  return makeDetail({ userId: 12, userFullName: 'Huda Salem', answers, canAnswer: false });
}
const outside = makeAnswer(question, { userId: 12, userFullName: 'Huda Salem', value: 'YES', outside: true, locationStatus: 'OUTSIDE', distance: 900 });

function renderPage(session = fakeSession(), override?: (body: unknown) => Response) {
  let detail = detailWith([outside]);
  const stub = stubFetch(({ method, path, body }) => {
    if (method === 'GET' && path === `${WORKFLOW}/schedules/40`) return Response.json(detail);
    if (method === 'POST' && path === `${WORKFLOW}/v1/action-results/${outside.id}/override`) {
      const response = override?.(body);
      if (response) return response;
      const counted = {
        ...outside,
        outside: false,
        override: { userId: 7, userFullName: 'Demo Owner', at: new Date().toISOString(), reason: (body as { reason: string }).reason },
      };
      detail = detailWith([counted]);
      return Response.json(counted);
    }
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  renderRoutes(
    [
      {
        path: '/tracker/:scheduleId',
        element: (
          <SessionContext.Provider value={session}>
            <SchedulePage />
          </SessionContext.Provider>
        ),
      },
    ],
    { route: '/tracker/40' },
  );
  return stub.calls;
}

describe("an answer's location on another member's schedule", () => {
  it('lets the owner count an outside answer with a reason, then shows who counted it and why', async () => {
    const calls = renderPage();
    const region = await screen.findByRole('region', { name: 'Is anything damaged?' });
    expect(within(region).getByText('Outside the site area')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Count as given at the site' }));

    // Too short a reason is refused on the spot and nothing is sent.
    const dialog = await screen.findByRole('dialog', { name: 'Count this answer as given at the site' });
    await user.type(within(dialog).getByRole('textbox', { name: /Why it counts/ }), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Count it' }));
    expect(await within(dialog).findByText('Give a reason of 3 to 500 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Why it counts/ }), ' — the gate is inside the yard');
    await user.click(within(dialog).getByRole('button', { name: 'Count it' }));
    const region2 = await screen.findByRole('region', { name: 'Is anything damaged?' });
    expect(await within(region2).findByText('Counted by override')).toBeInTheDocument();
    expect(within(region2).getByText(/Counted as given at the site by Demo Owner, .*: ok — the gate is inside the yard/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'ok — the gate is inside the yard' });
    expect(within(region2).queryByRole('button', { name: 'Count as given at the site' })).not.toBeInTheDocument();
  });

  it('says why the server refused, in the dialog', async () => {
    renderPage(fakeSession(), () =>
      Response.json(
        { status: 409, message: 'This answer was given at the site: there is nothing to override' },
        { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Count as given at the site' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Why it counts/ }), 'Seen on the camera');
    await user.click(within(dialog).getByRole('button', { name: 'Count it' }));
    expect(await within(dialog).findByText('This answer was given at the site: there is nothing to override')).toBeInTheDocument();
  });

  it('offers a plain member, or the supervisor of another site, nothing to override', async () => {
    renderPage(fakeSession({ role: 'MEMBER', teams: [{ id: 9, name: 'Elsewhere', authority: 'SUPERVISOR', position: null }] }));
    expect(await screen.findByText('Outside the site area')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Count as given at the site' })).not.toBeInTheDocument();
  });
});
