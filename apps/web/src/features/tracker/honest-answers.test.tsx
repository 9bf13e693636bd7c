// What the member and the manager see of the evidence rules: a schedule counted with answers the
// device delivered late says so beside its status (in the list and on its page), and a position
// fix wider than the site's area is not taken for being there, as the server judges it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SessionContext } from '../../lib/session/session-context.ts';
import { removeGeolocation, stubGeolocation } from '../../test/fake-geolocation.ts';
import { renderRoutes } from '../../test/render.tsx';
import { fakeSession, list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { SITE, WORKFLOW, kpis, makeDetail, makeSchedule } from './test/fixtures.ts';
import { SchedulePage } from './schedule-page.tsx';
import { TrackerPage } from './tracker-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  removeGeolocation();
});

function stubServer(detail = makeDetail(), schedules = [makeSchedule()]) {
  const stub = stubFetch(({ path }) => {
    if (path === `${WORKFLOW}/schedules/40`) return Response.json(detail);
    if (path.startsWith(`${WORKFLOW}/schedules/user-schedules`) || path === `${WORKFLOW}/v2/schedules`) return list(schedules, schedules.length);
    if (path === `${WORKFLOW}/schedules/kpis`) return Response.json(kpis({}));
    if (path === `${WORKFLOW}/v1/tasks`) return list([], 0);
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
}

const renderRunner = () =>
  renderRoutes(
    [
      {
        path: '/tracker/:scheduleId',
        element: (
          <SessionContext.Provider value={fakeSession()}>
            <SchedulePage />
          </SessionContext.Provider>
        ),
      },
    ],
    { route: '/tracker/40' },
  );

describe('late deliveries on the tracker', () => {
  it('marks a schedule done with answers delivered late, and only that one', async () => {
    stubServer(undefined, [
      makeSchedule({ id: 40, status: 'done', lateAnswers: 2 }),
      makeSchedule({ id: 41, status: 'done', lateAnswers: 0, taskNameEn: 'Roof check' }),
    ]);
    renderWithSession(<TrackerPage />, { route: '/tracker' });
    const late = await screen.findByRole('link', { name: /Lobby inspection/ });
    expect(within(late).getByText('Delivered late').closest('[title]')).toHaveAttribute('title', 'Answers the device delivered after the deadline: 2');
    expect(within(await screen.findByRole('link', { name: /Roof check/ })).queryByText('Delivered late')).not.toBeInTheDocument();
  });

  it("says so beside the status on the schedule's page", async () => {
    stubGeolocation({ ...SITE, accuracy: 8 });
    stubServer(makeDetail({ status: 'done', lateAnswers: 1 }));
    renderRunner();
    expect(await screen.findByText('Delivered late')).toBeInTheDocument();
  });
});

describe('the geofence notice reads the accuracy', () => {
  it('does not say "inside" for a fix at the centre that could be anywhere within 5 km', async () => {
    stubGeolocation({ ...SITE, accuracy: 5000 });
    stubServer();
    renderRunner();
    expect(await screen.findByText('Your position is not precise enough')).toBeInTheDocument();
    expect(screen.getByText(/only known to ±5 km, wider than answers here allow \(±200 m\)/)).toBeInTheDocument();
    expect(screen.queryByText('You are inside the site area')).not.toBeInTheDocument();
  });

  it("judges by the site's polygon and the task's accuracy threshold, as the server does", async () => {
    // A strip about 1 km north of the pin: standing in it is inside, however far from the pin.
    const polygon: [number, number][] = [
      [SITE.latitude + 0.005, SITE.longitude - 0.001],
      [SITE.latitude + 0.015, SITE.longitude - 0.001],
      [SITE.latitude + 0.015, SITE.longitude + 0.001],
      [SITE.latitude + 0.005, SITE.longitude + 0.001],
    ];
    const base = makeDetail();
    const detail = makeDetail({ site: { ...base.site, polygon }, task: { ...base.task, accuracyThreshold: 15 } });
    stubGeolocation({ latitude: SITE.latitude + 0.01, longitude: SITE.longitude, accuracy: 8 });
    stubServer(detail);
    const first = renderRunner();
    expect(await screen.findByText('You are inside the site area')).toBeInTheDocument();
    first.unmount();

    // At the pin itself, outside the strip; and in the strip with a fix wider than the task's 15 m.
    stubGeolocation({ ...SITE, accuracy: 8 });
    const second = renderRunner();
    expect(await screen.findByText('You are outside the site area')).toBeInTheDocument();
    second.unmount();
    stubGeolocation({ latitude: SITE.latitude + 0.01, longitude: SITE.longitude, accuracy: 30 });
    renderRunner();
    expect(await screen.findByText(/only known to ±30 m, wider than answers here allow \(±15 m\)/)).toBeInTheDocument();
  });
});
