import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n/i18n.ts';
import { list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { AnswerDetailDrawer } from './answer-detail-drawer.tsx';
import { AnswerBadges, AnswerByline, AnswerView } from './answer-view.tsx';
import { makeAnswer } from './test-fixtures.ts';

const WORKFLOW = '/services/workflow/api';
// Stored files arrive as signed links that expire; the page uses them exactly as given.
const PHOTO_URL = '/api/files/0123456789abcdef0123456789abcdef.png?expires=1795474500&signature=mQS30EflkRspT88E9Khj23c3U4XFeSrEdUShmGB_RvA';
const VOICE_URL = '/api/files/fedcba9876543210fedcba9876543210.webm?expires=1795474500&signature=Avimz9q0g8fsSnbXYr_fUUjUGZs4YNU2q_pLZLlU9lA';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('answer view', () => {
  it.each([
    ['YES_NO', 'YES', 'Yes'],
    ['YES_NO', 'NO', 'No'],
    ['SINGLE_CHOICE', '1', 'Dusty'],
    ['MULTIPLE_CHOICE', ['0', '2'], 'Clean and Wet floor'],
    ['RATING', 4, '4 of 5 stars'],
    ['DATE', '2025-03-14', 'Mar 14, 2025'],
    ['NUMBER', 1234.5, '1,234.5'],
    ['TEXT', 'All good at the entrance', 'All good at the entrance'],
    ['CHECK', true, 'Done'],
  ] as const)('puts a %s answer (%j) in words', (type, value, words) => {
    const answer = makeAnswer(1, type, typeof value === 'object' ? [...value] : value);
    renderWithSession(<AnswerView answer={answer} />);
    expect(screen.getByText(words)).toBeInTheDocument();
  });

  it('shows option labels and yes/no in the current language', async () => {
    await i18n.changeLanguage('ar');
    renderWithSession(
      <>
        <AnswerView answer={makeAnswer(1, 'MULTIPLE_CHOICE', ['0', '1'])} />
        <AnswerView answer={makeAnswer(2, 'YES_NO', 'NO')} />
      </>,
    );
    expect(screen.getByText('نظيف ومغبر')).toBeInTheDocument();
    expect(screen.getByText('لا')).toBeInTheDocument();
  });

  it('names a drawn signature as a signature, in both languages', async () => {
    const signed = makeAnswer(3, 'SIGNATURE', null, {
      file: PHOTO_URL,
      action: { ...makeAnswer(3, 'SIGNATURE', null).action, nameEn: 'Manager', nameAr: 'المدير' },
    });
    const { unmount } = renderWithSession(<AnswerView answer={signed} />);
    expect(screen.getByRole('img', { name: 'Signature for Manager' })).toHaveAttribute('src', PHOTO_URL);
    expect(screen.getByRole('button', { name: 'Open the signature at full size' })).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('ar');
    renderWithSession(<AnswerView answer={signed} />);
    expect(screen.getByRole('img', { name: 'توقيع لـ المدير' })).toBeInTheDocument();
  });

  it('shows the photo as a thumbnail that opens at full size, and plays the voice note', async () => {
    const user = userEvent.setup();
    renderWithSession(
      <>
        <AnswerView answer={makeAnswer(1, 'PHOTO', null, { file: PHOTO_URL })} />
        <AnswerView answer={makeAnswer(2, 'VOICE', null, { voice: VOICE_URL })} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Photo for Lobby floor' })).toHaveAttribute('src', PHOTO_URL);
    expect(screen.queryByText('No answer given')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the photo at full size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo for Lobby floor' });
    expect(within(dialog).getByRole('link', { name: 'Open the original' })).toHaveAttribute('href', PHOTO_URL);

    const audio = document.querySelector('audio');
    expect(audio).toHaveAttribute('src', VOICE_URL);
    expect(audio).toHaveAttribute('controls');
  });

  it('shows the notes, outside and flagged marks, and links the ticket', () => {
    const answer = makeAnswer(1, 'YES_NO', 'NO', { notes: 'Water near the lifts', outside: true, isFlagged: true, ticketId: 42 });
    renderWithSession(<AnswerView answer={answer} />);
    expect(screen.getByText('Water near the lifts')).toBeInTheDocument();
    expect(screen.getByText('Outside the site area')).toBeInTheDocument();
    expect(screen.getByText('Needs attention')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ticket #42' })).toHaveAttribute('href', '/tickets/42');
  });

  it('says so when there is no answer', () => {
    renderWithSession(<AnswerView answer={makeAnswer(1, 'TEXT', null)} />);
    expect(screen.getByText('No answer given')).toBeInTheDocument();
  });
});

describe('answer byline', () => {
  // The test business is in Asia/Riyadh (UTC+3), whatever zone the test machine is in.
  const answer = makeAnswer(1, 'TEXT', 'Fine', { userFullName: 'عمر حداد', teamName: 'Tower A', createdDate: '2025-03-14T07:30:00.000Z' });

  it("gives the time in the business's time zone", () => {
    renderWithSession(<AnswerByline answer={answer} />);
    expect(screen.getByText(/^Mar 14, 2025, 10:30\sAM$/)).toBeInTheDocument();
  });

  it('keeps member, site and time as separate pieces, in that order, in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    renderWithSession(<AnswerByline answer={answer} />);
    const member = screen.getByText('عمر حداد');
    const site = screen.getByText('Tower A');
    const time = screen.getByText(/10:30/);
    // Each piece is its own isolated element, so its direction cannot spill into the next one.
    for (const piece of [member, site, time]) expect(piece.tagName).toBe('BDI');
    expect(member.compareDocumentPosition(site) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(site.compareDocumentPosition(time) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(time.textContent).toMatch(/2025/);
  });
});

describe('an answer that arrived after a delay', () => {
  // Taken at 10:30 in Riyadh, it waited on the device for two hours.
  const delayed = makeAnswer(2, 'TEXT', 'Fine', { capturedAt: '2025-03-14T07:30:00.000Z', createdDate: '2025-03-14T09:30:00.000Z' });

  it('says when it was taken and when it arrived, and is marked', () => {
    renderWithSession(
      <>
        <AnswerByline answer={delayed} />
        <AnswerBadges answer={delayed} />
      </>,
    );
    expect(screen.getByText(/^Taken Mar 14, 2025, 10:30\sAM$/)).toBeInTheDocument();
    expect(screen.getByText(/^arrived Mar 14, 2025, 12:30\sPM$/)).toBeInTheDocument();
    expect(screen.getByText('Arrived after a delay')).toBeInTheDocument();
  });

  it('shows one time and no mark for an answer that arrived within half an hour', () => {
    const prompt = { ...delayed, createdDate: '2025-03-14T07:59:00.000Z' };
    renderWithSession(
      <>
        <AnswerByline answer={prompt} />
        <AnswerBadges answer={prompt} />
      </>,
    );
    expect(screen.queryByText(/^Taken/)).toBeNull();
    expect(screen.queryByText('Arrived after a delay')).toBeNull();
  });
});

describe('answer detail drawer', () => {
  it("shows the answer's notes and the member's history of answers to that action, newest first", async () => {
    const answer = makeAnswer(7, 'YES_NO', 'NO', { notes: 'Water near the lifts', isFlagged: true });
    const older = makeAnswer(6, 'YES_NO', 'YES', { createdDate: '2025-03-13T07:30:00.000Z' });
    const { calls, fetchMock } = stubFetch(({ path }) => {
      if (path === `${WORKFLOW}/v1/action-results/7`) return Response.json(answer);
      if (path === `${WORKFLOW}/v1/users/3/actions/11/action-results`) return list([answer, older], 2);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<AnswerDetailDrawer answerId={7} onClose={() => undefined} />);

    const drawer = await screen.findByRole('dialog', { name: 'Answer details' });
    expect(await within(drawer).findByRole('heading', { name: 'Lobby floor' })).toBeInTheDocument();
    const history = await within(drawer).findByRole('list', { name: 'Answers of Omar Haddad to this action' });
    // The notes section, and the same answer in the history.
    expect(within(drawer).getAllByText('Water near the lifts')).toHaveLength(2);
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('This answer')).toBeInTheDocument();
    expect(within(items[1]).getByText('Yes')).toBeInTheDocument();
    // Times in the business's time zone (Asia/Riyadh, UTC+3), as in the tracker.
    expect(within(items[1]).getByText(/^Mar 13, 2025, 10:30\sAM$/)).toBeInTheDocument();

    const historyCall = calls.find((call) => call.path.endsWith('/action-results') && call.path.includes('/users/'));
    expect(historyCall?.search.get('sort')).toBe('createdDate,desc');
    expect(historyCall?.search.get('page')).toBe('0');
  });
});
