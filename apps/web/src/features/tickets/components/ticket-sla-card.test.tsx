import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketClock } from '@fieldops/shared/ticket-clock';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { renderWithSession, stubFetch } from '../../../test/session.tsx';
import { TicketSlaCard } from './ticket-sla-card.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function serve(clock: TicketClock | null) {
  const stub = stubFetch(({ path }) =>
    path === '/services/helpdesk/api/v1/tickets/9/sla' ? (clock ? Response.json(clock) : Response.json({ message: 'down' }, { status: 503 })) : undefined,
  );
  vi.stubGlobal('fetch', stub.fetchMock);
}

const RESPONDED = { targetMinutes: 15, dueAt: '2026-11-30T09:15:00Z', respondedAt: '2026-11-30T09:05:00Z', breached: false };

describe('the ticket service times card', () => {
  it('says a held ticket clock is paused with its working time left, and the first response on time', async () => {
    serve({
      covered: true,
      firstResponse: RESPONDED,
      resolution: { targetMinutes: 120, usedMinutes: 40, leftMinutes: 80, state: 'PAUSED', dueAt: null, breached: false },
    });
    renderWithSession(<TicketSlaCard ticketId={9} />);
    expect(await screen.findByText('Paused while on hold · 1 hr 20 min of working time left')).toBeInTheDocument();
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getByText('On time')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '40 min of 2 hr used' })).toBeInTheDocument();
  });

  it('says a running clock is over its target, in Arabic', async () => {
    await i18n.changeLanguage('ar');
    serve({
      covered: true,
      firstResponse: { ...RESPONDED, respondedAt: null, breached: true },
      resolution: { targetMinutes: 120, usedMinutes: 150, leftMinutes: -30, state: 'RUNNING', dueAt: '2026-11-30T11:00:00Z', breached: true },
    });
    renderWithSession(<TicketSlaCard ticketId={9} />);
    expect(await screen.findByTestId('ticket-resolution-clock')).toHaveTextContent('تجاوزت الهدف بـ 30 د · كانت مستحقة');
    expect(screen.getAllByText('متأخرة')).toHaveLength(2);
  });

  it('says when no rule covers the ticket, and when the times cannot be read', async () => {
    serve({ covered: false, firstResponse: null, resolution: null });
    const { unmount } = renderWithSession(<TicketSlaCard ticketId={9} />);
    expect(await screen.findByText('No service-time rule covers this ticket.')).toBeInTheDocument();
    unmount();
    serve(null);
    renderWithSession(<TicketSlaCard ticketId={9} />);
    expect(await screen.findByText('The service times could not be read just now.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
