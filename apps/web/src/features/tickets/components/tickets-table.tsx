// A page of tickets as a table: number and title, status, priority, category, assignee, site
// and the last change. In the page's "Select" mode each row starts with its checkbox (Shift+click
// chooses a range, Space on the row's title chooses it).
import type { ChangeEvent, KeyboardEvent } from 'react';
import { Anchor, Avatar, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { ItemContextMenu } from '../../../components/item-context-menu.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { formatDateTime, formatRelativeTime } from '../../../lib/dates.ts';
import { NONE } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { initialOf, localizedName } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';
import { PriorityBadge, SlaBadge, StatusBadge } from './ticket-badges.tsx';
import { useTicketSelected, useTicketSelection, type TicketSelection } from './ticket-selection.ts';

/** One row's checkbox: only it draws again when its ticket is chosen or dropped. */
function RowCheckbox({ selection, ticket }: { selection: TicketSelection; ticket: Ticket }) {
  const { t } = useTranslation();
  const selected = useTicketSelected(selection, ticket.id);
  const check = (event: ChangeEvent<HTMLInputElement>) => selection.toggle(ticket.id, (event.nativeEvent as Partial<PointerEvent>).shiftKey === true);
  return <Checkbox size="sm" checked={selected} onChange={check} aria-label={t('tickets.bulk.selectTicket', { id: ticket.id, title: ticket.title })} />;
}

export function TicketsTable({ tickets }: { tickets: Ticket[] }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const selection = useTicketSelection();
  const rowKey = (id: number) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (!selection || event.key !== ' ' || (event.target as HTMLElement).closest('button, input, [role="menu"]')) return;
    event.preventDefault();
    selection.toggle(id, event.shiftKey);
  };
  return (
    <ResponsiveTable minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={40}>
                <VisuallyHidden>{t('tickets.bulk.selectColumn')}</VisuallyHidden>
              </Table.Th>
            ) : null}
            <Table.Th>{t('tickets.fields.title')}</Table.Th>
            <Table.Th>{t('tickets.fields.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('tickets.fields.priority')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('tickets.fields.category')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('tickets.fields.assignee')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('tickets.fields.site')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('tickets.fields.updated')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('actions.moreActions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => {
            const agentName = ticket.agent ? ticket.agent.fullName || ticket.agent.username : null;
            return (
              <Table.Tr key={ticket.id} onKeyDown={selection ? rowKey(ticket.id) : undefined} data-ticket-id={ticket.id}>
                {selection ? (
                  <Table.Td>
                    <RowCheckbox selection={selection} ticket={ticket} />
                  </Table.Td>
                ) : null}
                <Table.Td maw={360}>
                  <Group gap={6} wrap="nowrap" align="baseline">
                    <Text size="xs" c="dimmed" dir="ltr">
                      #{ticket.id}
                    </Text>
                    <Anchor component={Link} to={paths.ticket(ticket.id)} fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {ticket.title}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <StatusBadge status={ticket.status} />
                    <SlaBadge resolutionDueAt={ticket.resolutionDueAt} status={ticket.status} />
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <PriorityBadge priority={ticket.priority} />
                </Table.Td>
                <Table.Td visibleFrom="sm">{ticket.category ? localizedName(ticket.category, language) : NONE}</Table.Td>
                <Table.Td visibleFrom="sm">
                  {agentName ? (
                    <Group gap={6} wrap="nowrap">
                      <Avatar size={24} radius="xl" src={ticket.agent?.avatar ?? null} color="indigo" alt="">
                        {initialOf(agentName)}
                      </Avatar>
                      <Text size="sm" truncate="end">
                        {agentName}
                      </Text>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('tickets.unassigned')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">{ticket.team?.name ?? NONE}</Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" title={formatDateTime(ticket.updatedDate, language)}>
                    {formatRelativeTime(ticket.updatedDate, language)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ItemContextMenu label={t('tickets.card.menu', { title: ticket.title })} href={paths.ticket(ticket.id)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
