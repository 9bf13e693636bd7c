// The answers' table gives each answer of a finished, scored inspection that inspection's score,
// which opens its report.
import { describe, expect, it, onTestFinished } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeAnswer } from '../../../components/answer-view/test-fixtures.ts';
import { SessionContext } from '../../../lib/session/session-context.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fakeSession } from '../../../test/session.tsx';
import { SubmissionsTable } from './submissions-table.tsx';

describe('submissions table scores', () => {
  it("link each answer's inspection score to its report, on a wide screen", async () => {
    const narrow = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...narrow(query), matches: true })) as typeof window.matchMedia;
    onTestFinished(() => {
      window.matchMedia = narrow;
    });
    renderWithProviders(
      <SessionContext.Provider value={fakeSession()}>
        <SubmissionsTable
          answers={[
            makeAnswer(1, 'YES_NO', 'YES', { scheduleId: 40, scheduleScore: 62.5 }),
            makeAnswer(2, 'YES_NO', 'NO', { scheduleId: 41, scheduleScore: null }),
          ]}
        />
      </SessionContext.Provider>,
    );
    expect(await screen.findByRole('columnheader', { name: 'Inspection score (%)' })).toBeInTheDocument();
    const [scored, unscored] = screen.getAllByTestId('answer-score');
    expect(within(scored as HTMLElement).getByRole('link', { name: 'Inspection score 62.5%: open its report' })).toHaveAttribute(
      'href',
      '/schedules/40/report',
    );
    expect(unscored).toHaveTextContent('');
  });
});
