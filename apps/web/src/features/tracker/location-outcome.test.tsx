// After submitting, the runner says how the answer's position stood as the server judged it:
// inside (saved), outside the site area, or not verified (missing or too imprecise), never
// "outside" for an unverified one; an answer that waits on the device shows the device's own
// judgement, made with the shared geofence code.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocationStatus } from '@fieldops/shared/enums';
import { SessionContext } from '../../lib/session/session-context.ts';
import { stubUploads, type UploadCall } from '../../test/fake-xhr.ts';
import { removeGeolocation, stubGeolocation, type FakeFix } from '../../test/fake-geolocation.ts';
import { renderRoutes } from '../../test/render.tsx';
import { fakeSession, stubFetch } from '../../test/session.tsx';
import { SITE, WORKFLOW, chainedActions, makeAnswer, makeDetail } from './test/fixtures.ts';
import { SchedulePage } from './schedule-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  removeGeolocation();
});

const QUESTION = 'Is anything damaged?';
const IMPRECISE: FakeFix = { ...SITE, accuracy: 5000 };
const FAR: FakeFix = { latitude: 24.75, longitude: 46.7, accuracy: 20 };

function renderRunner() {
  return renderRoutes(
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
}

/** The server: the schedule, and each answer kept with `status` (not counted unless INSIDE), or the network gone. */
function stubServer(status: LocationStatus | 'network') {
  const [question] = chainedActions();
  const kept = makeAnswer(question!, { value: 'YES', outside: status !== 'INSIDE', locationStatus: status === 'network' ? null : status });
  let uploads: UploadCall[] = [];
  const fetches = stubFetch(({ path }) => {
    if (path === `${WORKFLOW}/schedules/40`) return Response.json(uploads.length > 0 && status !== 'network' ? makeDetail({ answers: [kept] }) : makeDetail());
    return undefined;
  });
  vi.stubGlobal('fetch', fetches.fetchMock);
  uploads = stubUploads(() =>
    status === 'network' ? 'network' : Response.json({ result: kept, schedule: { ...makeDetail(), status: 'inProgress' } }, { status: 201 }),
  ).calls;
}

/** The submission has ended (what it sends, keeps and fetches again): nothing of it outlives the test. */
async function submitted() {
  await waitFor(() => expect(screen.queryByText(/^Sending answer/)).not.toBeInTheDocument());
}

async function answerYes() {
  const user = userEvent.setup();
  renderRunner();
  await user.click(within(await screen.findByRole('group', { name: QUESTION })).getByRole('button', { name: 'Yes' }));
  await user.click(screen.getByRole('button', { name: 'Submit answers' }));
}

describe('the location status after submitting', () => {
  it('says an unverified answer was not verified, not that it was given outside', async () => {
    stubGeolocation(IMPRECISE);
    stubServer('UNVERIFIED');
    await answerYes();
    expect(await screen.findByText('Answers whose position could not be verified')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: QUESTION })).getByText('Position not verified — not counted')).toBeInTheDocument());
    expect(screen.queryByText('Given outside the site area — not counted')).not.toBeInTheDocument();
    expect(screen.queryByText('Answers given outside the site area')).not.toBeInTheDocument();
    await submitted();
  });

  it('says an answer judged outside was given outside', async () => {
    stubGeolocation(FAR);
    stubServer('OUTSIDE');
    await answerYes();
    expect(await screen.findByText('Answers given outside the site area')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: QUESTION })).getByText('Given outside the site area — not counted')).toBeInTheDocument(),
    );
    expect(screen.queryByText('Position not verified — not counted')).not.toBeInTheDocument();
    await submitted();
  });

  it("shows the device's own judgement while the answer waits on the device", async () => {
    stubGeolocation(IMPRECISE);
    stubServer('network');
    await answerYes();
    const region = screen.getByRole('region', { name: QUESTION });
    expect(await within(region).findByText('Saved on this device — it will be sent when the network is back')).toBeInTheDocument();
    expect(within(region).getByText('This device could not verify your position: it will be kept but not counted')).toBeInTheDocument();
    await submitted();
  });

  it("shows the device's judgement of a position outside the site too", async () => {
    stubGeolocation(FAR);
    stubServer('network');
    await answerYes();
    const region = screen.getByRole('region', { name: QUESTION });
    expect(await within(region).findByText('This device placed you outside the site area: it will be kept but not counted')).toBeInTheDocument();
    await submitted();
  });
});
