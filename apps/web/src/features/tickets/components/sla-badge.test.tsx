import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { SlaBadge } from './ticket-badges.tsx';

const NOW = Date.UTC(2026, 10, 30, 9);
const due = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('SLA badge', () => {
  it('says how long ago a breached ticket fell due, how long a ticket due soon has left, and nothing without a due time or once resolved or closed', async () => {
    renderWithProviders(
      <>
        <SlaBadge resolutionDueAt={due(-125)} now={NOW} />
        <SlaBadge resolutionDueAt={due(35)} now={NOW} />
        <SlaBadge resolutionDueAt={due(3 * 1440 + 240)} now={NOW} />
        <SlaBadge resolutionDueAt={null} now={NOW} />
        <SlaBadge resolutionDueAt={due(-60)} status="RESOLVED" now={NOW} />
        <SlaBadge resolutionDueAt={due(20)} status="CLOSED" now={NOW} />
      </>,
    );
    expect(await screen.findByText('Breached · 2 hr 5 min late')).toBeInTheDocument();
    expect(screen.getByText('Due soon · 35 min left')).toBeInTheDocument();
    expect(screen.getByText('On track · 3 days 4 hr left')).toBeInTheDocument();
    expect(screen.getAllByText(/Breached|Due soon|On track/)).toHaveLength(3);
  });

  it('counts down as the minutes pass, turning due soon within the hour', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(NOW);
    renderWithProviders(<SlaBadge resolutionDueAt={due(70)} />);
    expect(screen.getByText('On track · 1 hr 10 min left')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15 * 60_000);
    });
    expect(screen.getByText('Due soon · 55 min left')).toBeInTheDocument();
  });
});

afterEach(() => {
  vi.useRealTimers();
});
