// The ticket board as a phone's first screen: drawn to markup from the answers the server carries
// (features/tickets/api/board-answers.ts), it shows the first cards of each column and the
// filters folded; the browser's first render from the same answers takes that markup over as it
// is (no mismatch, the same elements) and asks the API for nothing.
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { TICKET_STATUSES } from '@fieldops/shared/enums';
import { DataProviders } from './data-providers.tsx';
import { Providers } from './providers.tsx';
import { i18n } from '../lib/i18n/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionContext } from '../lib/session/session-context.ts';
import { fakeSession } from '../test/session.tsx';
import { boardAnswersFit, seedBoardAnswers, type BoardAnswers } from '../features/tickets/api/board-answers.ts';
import { aTicket } from '../features/tickets/test/fixtures.ts';
import { TicketsPage } from '../features/tickets/tickets-page.tsx';

// Rendered with React's own roots (as the page is), not Testing Library's: updates are awaited with act.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lays nothing out: every card is as tall as a phone's (as the list measures it).
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.index === undefined ? 0 : 180;
    },
  });
});
afterAll(() => {
  if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const newTickets = Array.from({ length: 8 }, (_, i) => aTicket(100 - i, 'NEW', { title: `Lift ${i}` }));
const ANSWERS: BoardAnswers = {
  size: 20,
  sort: 'updatedDate,desc',
  counts: { NEW: 31, IN_PROGRESS: 1, ON_HOLD: 0, RESOLVED: 0, CLOSED: 0 },
  columns: {
    NEW: { tickets: newTickets, total: 31 },
    IN_PROGRESS: { tickets: [aTicket(7, 'IN_PROGRESS', { title: 'Broken lock' })], total: 1 },
    ON_HOLD: { tickets: [], total: 0 },
    RESOLVED: { tickets: [], total: 0 },
    CLOSED: { tickets: [], total: 0 },
  },
};

function seeded(answers = ANSWERS): QueryClient {
  const queryClient = createQueryClient();
  seedBoardAnswers(queryClient, answers);
  return queryClient;
}

const page = (queryClient: QueryClient): ReactNode => (
  <Providers>
    <DataProviders queryClient={queryClient}>
      <SessionContext.Provider value={fakeSession()}>
        <MemoryRouter initialEntries={['/tickets']}>
          <TicketsPage />
        </MemoryRouter>
      </SessionContext.Provider>
    </DataProviders>
  </Providers>
);

describe("a phone's first screen of the ticket board", () => {
  it('is drawn from the answers alone: the first cards of each column, their counters, and the filters folded', () => {
    const html = renderToString(page(seeded()));
    const container = document.createElement('div');
    container.innerHTML = html;
    const cards = (status: string) =>
      [...container.querySelectorAll(`section[data-status="${status}"] [data-ticket-id]`)].map((card) => card.getAttribute('data-ticket-id'));
    // The top of a phone's screen: the first five of the column (three, and two either side).
    expect(cards('NEW')).toEqual(['100', '99', '98', '97', '96']);
    expect(cards('IN_PROGRESS')).toEqual(['7']);
    expect(container.querySelector('[data-testid="count-NEW"]')?.textContent).toBe('31');
    expect(container.querySelectorAll('section[data-status]')).toHaveLength(TICKET_STATUSES.length);
    // The search, and the pickers behind one button.
    expect(container.querySelector('input[placeholder="Title or description"]')).not.toBeNull();
    expect(
      [...container.querySelectorAll('button')].some((button) => button.textContent === 'Filters' && button.getAttribute('aria-expanded') === 'false'),
    ).toBe(true);
    expect(container.querySelector('input[placeholder="All priorities"]')).toBeNull();
  });

  for (const language of ['en', 'ar'] as const) {
    it(`is taken over in place in ${language}: no mismatch, the same elements, and nothing asked for`, async () => {
      await i18n.changeLanguage(language);
      const fetchMock = vi.fn(async (_url: RequestInfo | URL) => Response.json([]));
      vi.stubGlobal('fetch', fetchMock);
      const container = document.createElement('div');
      container.innerHTML = renderToString(page(seeded()));
      document.body.appendChild(container);
      const drawn = [...container.querySelectorAll<HTMLElement>('[data-ticket-id]')];
      expect(drawn.length).toBeGreaterThan(0);

      const mismatches: unknown[] = [];
      const logged = vi.spyOn(console, 'error');
      const root = await act(async () => hydrateRoot(container, page(seeded()), { onRecoverableError: (error) => void mismatches.push(error) }));
      expect(mismatches).toEqual([]);
      expect(logged).not.toHaveBeenCalled();
      // The server's cards are still the page's cards.
      for (const card of drawn) expect(card.isConnected, card.dataset.ticketId).toBe(true);
      expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/tickets'))).toEqual([]);
      act(() => root.unmount());
      container.remove();
    });
  }

  it('are refused when asked for otherwise than the board asks, or missing a column', () => {
    expect(boardAnswersFit(ANSWERS)).toBe(true);
    expect(boardAnswersFit({ ...ANSWERS, size: 50 })).toBe(false);
    expect(boardAnswersFit({ ...ANSWERS, sort: 'id,desc' })).toBe(false);
    const { CLOSED: _closed, ...fourColumns } = ANSWERS.columns;
    expect(boardAnswersFit({ ...ANSWERS, columns: fourColumns as BoardAnswers['columns'] })).toBe(false);
  });
});
