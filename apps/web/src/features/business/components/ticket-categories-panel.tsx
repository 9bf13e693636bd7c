// The business page's "Ticket categories" tab: the categories, and who receives new tickets
// that have no assignee.
import { Stack } from '@mantine/core';
import { AssignmentConfigCard } from './assignment-config-card.tsx';
import { TicketCategoriesList } from './ticket-categories-list.tsx';

export function TicketCategoriesPanel() {
  return (
    <Stack gap="lg">
      <TicketCategoriesList />
      <AssignmentConfigCard />
    </Stack>
  );
}
