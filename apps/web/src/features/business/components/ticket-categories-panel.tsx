// The business page's "Ticket categories" tab: the categories, who receives new tickets that
// have no assignee, the routing rules that decide it, and the SLA rules.
import { Stack } from '@mantine/core';
import { AssignmentConfigCard } from './assignment-config-card.tsx';
import { RoutingRulesCard } from './routing-rules-card.tsx';
import { SlaRulesCard } from './sla-rules-card.tsx';
import { TicketCategoriesList } from './ticket-categories-list.tsx';

export function TicketCategoriesPanel() {
  return (
    <Stack gap="lg">
      <TicketCategoriesList />
      <AssignmentConfigCard />
      <RoutingRulesCard />
      <SlaRulesCard />
    </Stack>
  );
}
