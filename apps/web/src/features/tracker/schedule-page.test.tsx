import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, NETWORK_ERROR } from '@fieldops/shared/messages';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import { SessionContext } from '../../lib/session/session-context.ts';
import { stubUploads, type UploadAnswer, type UploadCall } from '../../test/fake-xhr.ts';
import { removeGeolocation, stubGeolocation, type FakeFix } from '../../test/fake-geolocation.ts';
import { renderRoutes } from '../../test/render.tsx';
import { fakeSession, problem, stubFetch } from '../../test/session.tsx';
import { SITE, WORKFLOW, chainedActions, makeAnswer, makeDetail } from './test/fixtures.ts';
import { SchedulePage } from './schedule-page.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  removeGeolocation();
});

const DETAIL = `${WORKFLOW}/schedules/40`;

function renderPage(route = '/tracker/40') {
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
    { route },
  );
}

/** The schedule as the server holds it; `after` is what it answers once an answer is saved. */
function stubServer(detail: ScheduleDetail, after?: (uploads: UploadCall[]) => ScheduleDetail) {
  let uploads: UploadCall[] = [];
  const fetches = stubFetch(({ path }) => {
    if (path === DETAIL) return Response.json(after && uploads.length > 0 ? after(uploads) : detail);
    return undefined;
  });
  vi.stubGlobal('fetch', fetches.fetchMock);
  return {
    fetches: fetches.calls,
    answerUploads(answer: (call: UploadCall) => UploadAnswer | Promise<UploadAnswer>) {
      const stub = stubUploads(answer);
      uploads = stub.calls;
      return stub.calls;
    },
  };
}

const saved = (call: UploadCall, outside = false) => {
  const action = chainedActions().find((item) => String(item.id) === call.form.get('actionId')) ?? chainedActions()[0];
  return Response.json({ result: makeAnswer(action, { outside }), schedule: { ...makeDetail(), status: 'inProgress' } }, { status: 201 });
};

const inside = (): FakeFix => ({ ...SITE, accuracy: 8 });

describe('schedule runner page', () => {
  it('applies the chain rule live and submits only the shown answers, then shows the new status', async () => {
    stubGeolocation(inside());
    const server = stubServer(makeDetail(), () => makeDetail({ status: 'done', answers: [makeAnswer(chainedActions()[0], { value: 'YES' })] }));
    const uploads = server.answerUploads((call) => saved(call));
    const user = userEvent.setup();
    const { container } = renderPage();

    expect(await screen.findByRole('heading', { name: 'Lobby inspection' })).toBeInTheDocument();
    expect(await screen.findByText('You are inside the site area')).toBeInTheDocument();
    const question = screen.getByRole('group', { name: 'Is anything damaged?' });
    // No shows the required photo; a photo is taken; Yes hides it again, and then it is neither
    // required nor sent, though the photo stays in its draft.
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('region', { name: 'Photo of the damage' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 required answered')).toBeInTheDocument();
    const camera = container.querySelector<HTMLInputElement>('input[type="file"]');
    expect(camera).toHaveAttribute('capture', 'environment');
    await user.upload(camera as HTMLInputElement, new File(['png'], 'damage.png', { type: 'image/png' }));
    expect(await screen.findByText('2 of 2 required answered')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('region', { name: 'Photo of the damage' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 1 required answered')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    const form = uploads[0].form;
    expect(uploads[0].path).toBe(`${WORKFLOW}/v1/action-results`);
    expect(form.get('scheduleId')).toBe('40');
    expect(form.get('actionId')).toBe('11');
    expect(form.get('value')).toBe('"YES"');
    expect(form.get('important')).toBe('false');
    expect(form.get('latitude')).toBe(String(SITE.latitude));
    expect(form.get('longitude')).toBe(String(SITE.longitude));
    expect(form.get('accuracy')).toBe('8');
  });

  it('sends the important flag, and shows progress while answers upload one by one', async () => {
    stubGeolocation(inside());
    const server = stubServer(makeDetail());
    let release: () => void = () => undefined;
    const uploads = server.answerUploads(
      (call) =>
        new Promise<UploadAnswer>((resolve) => {
          release = () => resolve(saved(call));
        }),
    );
    const user = userEvent.setup();
    renderPage();

    const question = await screen.findByRole('group', { name: 'Is anything damaged?' });
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    const remarks = screen.getByRole('region', { name: 'Remarks' });
    await user.type(within(remarks).getByRole('textbox', { name: 'Remarks' }), 'Lift door squeaks');
    await user.click(within(remarks).getByRole('switch', { name: /Mark as important/ }));
    expect(screen.getByText('Answers ready to send: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Sending answer 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    // Each answer leaves the outbox once the one before it has arrived.
    await waitFor(() => expect(uploads).toHaveLength(1));
    release();
    expect(await screen.findByText('Sending answer 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(uploads).toHaveLength(2));
    release();
    expect(await screen.findByText('All answers are saved')).toBeInTheDocument();

    expect(uploads.map((call) => [call.form.get('actionId'), call.form.get('important')])).toEqual([
      ['11', 'false'],
      ['13', 'true'],
    ]);
    expect(uploads[1].form.get('value')).toBe('"Lift door squeaks"');
  });

  it('keeps an answer whose upload was cut off on the device, and sends it again with the same key', async () => {
    stubGeolocation(inside());
    const server = stubServer(makeDetail());
    let attempts = 0;
    const uploads = server.answerUploads((call) => {
      if (call.form.get('actionId') !== '13') return saved(call);
      attempts += 1;
      return attempts === 1 ? 'network' : saved(call);
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(within(await screen.findByRole('group', { name: 'Is anything damaged?' })).getByRole('button', { name: 'Yes' }));
    const remarks = screen.getByRole('region', { name: 'Remarks' });
    await user.type(within(remarks).getByRole('textbox', { name: 'Remarks' }), 'Lift door squeaks');
    await user.click(within(remarks).getByRole('switch', { name: /Mark as important/ }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));

    expect(await within(remarks).findByText(NETWORK_ERROR)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Is anything damaged?' })).getByText('Saved')).toBeInTheDocument();
    expect(within(remarks).getByRole('textbox', { name: 'Remarks' })).toHaveValue('Lift door squeaks');
    expect(within(remarks).getByRole('switch', { name: /Mark as important/ })).toBeChecked();
    expect(within(remarks).getByText('Saved on this device — it will be sent when the network is back')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await within(remarks).findByText('Saved')).toBeInTheDocument();
    // The saved answer was not sent again; the second try carried the same words, flag and key,
    // so a server that did store the first one stores it once.
    expect(uploads.map((call) => call.form.get('actionId'))).toEqual(['11', '13', '13']);
    expect(uploads[2].form.get('value')).toBe('"Lift door squeaks"');
    expect(uploads[2].form.get('important')).toBe('true');
    expect(uploads[2].headers['Idempotency-Key']).toBe(uploads[1].headers['Idempotency-Key']);
    expect(uploads[1].headers['Idempotency-Key']).not.toBe(uploads[0].headers['Idempotency-Key']);
  });

  it('tells the member before answering that they are outside the site area, and again after', async () => {
    stubGeolocation({ latitude: 24.75, longitude: 46.7, accuracy: 20 });
    const [question] = chainedActions();
    const server = stubServer(makeDetail(), () => makeDetail({ answers: [makeAnswer(question, { value: 'YES', outside: true, distance: 4000 })] }));
    const uploads = server.answerUploads((call) => saved(call, true));
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText('You are outside the site area')).toBeInTheDocument();
    expect(screen.getByText(/Answers given here are kept but not counted/)).toBeInTheDocument();
    expect(screen.getByText(/You are [\d.]+ km outside the site area/)).toBeInTheDocument();

    await user.click(within(screen.getByRole('group', { name: 'Is anything damaged?' })).getByRole('button', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect((await screen.findAllByText(MSG.answerOutside)).length).toBeGreaterThan(0);
    const region = screen.getByRole('region', { name: 'Is anything damaged?' });
    // Said as soon as the server answers, and still once the schedule has been fetched again.
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Is anything damaged?' })).getByText('Given outside the site area — not counted')).toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByText('Required still unanswered: 1')).toBeInTheDocument());
    // Kept, not counted: nothing is answered, nothing is "all saved", and nothing waits to be sent again.
    expect(screen.getByText('0 of 1 required answered')).toBeInTheDocument();
    expect(screen.queryByText('All answers are saved')).not.toBeInTheDocument();
    expect(within(region).queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Required still unanswered: 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'Is anything damaged?' })).getByRole('button', { name: 'Yes' })).toBeEnabled();
    expect(uploads).toHaveLength(1);
  });

  it('shows answers kept from outside the site area as not counted, and sends a fresh answer from inside', async () => {
    stubGeolocation(inside());
    const [question] = chainedActions();
    const kept = makeAnswer(question, { value: 'NO', notes: 'From the car park', outside: true, distance: 1000 });
    const counted = makeAnswer(question, { id: 950, value: 'YES', createdDate: new Date().toISOString() });
    const server = stubServer(makeDetail({ answers: [kept] }), () => makeDetail({ status: 'done', answers: [kept, counted] }));
    const uploads = server.answerUploads((call) => saved(call));
    const user = userEvent.setup();
    renderPage();

    const region = await screen.findByRole('region', { name: 'Is anything damaged?' });
    expect(within(region).getByText('Given outside the site area — not counted')).toBeInTheDocument();
    // The earlier answer is visible, and does not drive the chain rule: the photo asked on No stays hidden.
    expect(within(region).getByText(/From the car park/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Photo of the damage' })).not.toBeInTheDocument();
    expect(screen.getByText('0 of 1 required answered')).toBeInTheDocument();
    expect(screen.queryByText('All answers are saved')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeDisabled();

    await user.click(within(screen.getByRole('group', { name: 'Is anything damaged?' })).getByRole('button', { name: 'Yes' }));
    expect(screen.getByText('1 of 1 required answered')).toBeInTheDocument();
    expect(screen.getByText('Answers ready to send: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));

    expect(await screen.findByText('All answers are saved')).toBeInTheDocument();
    expect(within(region).getByText('Saved')).toBeInTheDocument();
    expect(within(region).queryByText('Given outside the site area — not counted')).not.toBeInTheDocument();
    expect(uploads.map((call) => [call.form.get('actionId'), call.form.get('value')])).toEqual([['11', '"YES"']]);
  });

  it('says so when the position is refused, and sends answers without one', async () => {
    stubGeolocation('denied');
    const server = stubServer(makeDetail());
    const uploads = server.answerUploads((call) => saved(call, true));
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText('Location access is denied')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Is anything damaged?' })).getByRole('button', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    // Without a position the server keeps the answer as unverified: not counted.
    expect(await screen.findByText('Position not verified — not counted')).toBeInTheDocument();
    expect(screen.queryByText('All answers are saved')).not.toBeInTheDocument();
    expect(uploads[0].form.has('latitude')).toBe(false);
  });

  it('shows answers already saved as saved, and does not send them again', async () => {
    stubGeolocation(inside());
    const [question, , remarks] = chainedActions();
    const server = stubServer(makeDetail({ status: 'inProgress', answers: [makeAnswer(question, { value: 'YES', isFlagged: true })] }));
    const uploads = server.answerUploads((call) => saved(call));
    const user = userEvent.setup();
    renderPage();

    const savedRegion = await screen.findByRole('region', { name: 'Is anything damaged?' });
    expect(within(savedRegion).getByText('Saved')).toBeInTheDocument();
    expect(within(savedRegion).getByText('Yes')).toBeInTheDocument();
    expect(within(savedRegion).getByText('Needs attention')).toBeInTheDocument();
    expect(within(savedRegion).queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();

    const region = screen.getByRole('region', { name: remarks.nameEn ?? '' });
    await user.type(within(region).getByRole('textbox', { name: 'Remarks' }), 'Fine');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    await within(region).findByText('Saved');
    expect(uploads.map((call) => call.form.get('actionId'))).toEqual(['13']);
  });

  it('explains why a schedule cannot be answered and shows the answers so far', async () => {
    const requests = stubGeolocation(inside());
    const [question] = chainedActions();
    stubServer(makeDetail({ paused: true, canAnswer: false, answers: [makeAnswer(question, { value: 'NO', notes: 'Cracked tile' })] }));
    renderPage();

    expect(await screen.findByText(MSG.planPausedToday)).toBeInTheDocument();
    const answer = screen.getByRole('region', { name: 'Is anything damaged?' });
    expect(within(answer).getByText('No')).toBeInTheDocument();
    expect(within(answer).getByText(/Cracked tile/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit answers' })).not.toBeInTheDocument();
    expect(requests.count).toBe(0);
    expect(screen.getByRole('link', { name: 'Inspection report' })).toHaveAttribute('href', '/schedules/40/report');
  });

  it('says whose schedule it is when it belongs to someone else', async () => {
    stubServer(makeDetail({ userId: 9, userFullName: 'Sara Ali', canAnswer: false }));
    renderPage();
    expect(await screen.findByText(/This is Sara Ali's task/)).toBeInTheDocument();
    expect(screen.getByText('No answers were given')).toBeInTheDocument();
    // Nothing to report before the first answer.
    expect(screen.queryByRole('link', { name: 'Inspection report' })).not.toBeInTheDocument();
  });

  it("shows 'No schedule found with this ID.' for an unknown schedule", async () => {
    vi.stubGlobal('fetch', stubFetch(() => problem(404, MSG.scheduleNotFound)).fetchMock);
    renderPage('/tracker/999');
    expect((await screen.findAllByText(MSG.scheduleNotFound)).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to the tracker' })).toHaveAttribute('href', '/tracker');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });
});

describe('a plan with grace time', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the on-time deadline and how long late answers are taken, and lets the member answer in the grace time', async () => {
    stubGeolocation(inside());
    const dueAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const deadline = new Date(Date.now() + 20 * 60_000).toISOString();
    stubServer(makeDetail({ dueAt, deadline }));
    renderPage();
    expect(await screen.findByText(/^Due: .* · Late answers until /)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Is anything damaged?' })).toBeInTheDocument();
  });

  it('says a late schedule was finished late, after which deadline, in English and in Arabic', async () => {
    const dueAt = '2026-03-14T10:00:00.000Z';
    stubServer(makeDetail({ status: 'late', dueAt, deadline: '2026-03-14T10:30:00.000Z', canAnswer: false }));
    const { unmount } = renderPage();
    expect(await screen.findByText('Finished late')).toBeInTheDocument();
    expect(screen.getByText(/This task was finished late: after its deadline of .*1:00.*PM, within the grace time\./)).toBeInTheDocument();
    expect(screen.getAllByText('Late').length).toBeGreaterThan(0);
    unmount();

    await i18n.changeLanguage('ar');
    renderPage();
    expect(await screen.findByText('أُنجزت متأخرة')).toBeInTheDocument();
    expect(screen.getAllByText('متأخرة').length).toBeGreaterThan(0);
  });
});
