// The business page's "Working hours and holidays" tab: the business calendar the SLA clock and
// plans read (the working hours of each weekday, and the year's holidays).
import { Stack } from '@mantine/core';
import { HolidaysCard } from './holidays-card.tsx';
import { WorkingHoursCard } from './working-hours-card.tsx';

export function BusinessCalendarPanel() {
  return (
    <Stack gap="lg">
      <WorkingHoursCard />
      <HolidaysCard />
    </Stack>
  );
}
