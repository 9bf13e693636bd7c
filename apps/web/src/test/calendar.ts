// Picking a day in an open date field's calendar, from whichever month it opened at.
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** Steps the open calendar forward (at most `months` times) until it shows the day labelled `label`, then picks it. */
export async function pickCalendarDay(user: ReturnType<typeof userEvent.setup>, label: string, months: number) {
  for (let i = 0; i < months && !screen.queryByLabelText(label); i++) {
    const next = document.querySelector<HTMLElement>('[data-direction="next"]');
    if (next) await user.click(next);
  }
  await user.click(await screen.findByLabelText(label));
}
