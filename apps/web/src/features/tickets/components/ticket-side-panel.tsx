// The ticket's details beside its content: status (through the reason dialog and the transition
// rules), priority, category, assignee, project and site, each saved as soon as it changes;
// then who created it and when. Members read status, priority, category and assignee.
import type { ReactNode } from 'react';
import { Avatar, Card, Divider, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES, type TicketPriority, type TicketStatus } from '@fieldops/shared/enums';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { canTransition } from '@fieldops/shared/ticket-transitions';
import { MemberSelect } from '../../../components/member-select.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { initialOf } from '../../../lib/localized.ts';
import { STATUS_COLORS } from './ticket-badges.tsx';
import { useSaveTicket } from './use-save-ticket.ts';
import { useStatusChange } from './use-status-change.tsx';
import { useTicketOptions } from './use-ticket-options.ts';

interface TicketSidePanelProps {
  ticket: Ticket;
  /** Whether the user may change status, priority, category and assignee. */
  canManage: boolean;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

export function TicketSidePanel({ ticket, canManage }: TicketSidePanelProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const options = useTicketOptions(ticket.projectId);
  const statusChange = useStatusChange();
  const { save, isPending } = useSaveTicket(ticket.id);
  const creatorName = ticket.creator ? ticket.creator.fullName || ticket.creator.username : null;
  const agentName = ticket.agent ? ticket.agent.fullName || ticket.agent.username : null;
  const common = { comboboxProps: { withinPortal: true }, disabled: isPending } as const;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Select
          {...common}
          label={t('tickets.fields.status')}
          readOnly={!canManage}
          allowDeselect={false}
          data={TICKET_STATUSES.map((status) => ({
            value: status,
            label: t(`tickets.status.${status}`),
            disabled: status !== ticket.status && !canTransition(ticket.status, status),
          }))}
          value={ticket.status}
          onChange={(value) => {
            if (value) statusChange.request(ticket, value as TicketStatus);
          }}
          leftSection={
            <span aria-hidden style={{ width: 10, height: 10, borderRadius: 999, background: `var(--mantine-color-${STATUS_COLORS[ticket.status]}-6)` }} />
          }
        />
        {ticket.reason ? (
          <Text size="xs" c="dimmed" mt={-8}>
            {t('tickets.detail.lastReason', { reason: ticket.reason })}
          </Text>
        ) : null}
        <Select
          {...common}
          label={t('tickets.fields.priority')}
          readOnly={!canManage}
          allowDeselect={false}
          data={options.priorityOptions}
          value={ticket.priority}
          onChange={(value) => {
            if (value && value !== ticket.priority) save({ priority: value as TicketPriority });
          }}
        />
        <Select
          {...common}
          label={t('tickets.fields.category')}
          placeholder={canManage ? t('tickets.form.categoryPlaceholder') : t('tickets.detail.none')}
          readOnly={!canManage}
          clearable={canManage}
          data={options.categoryOptions}
          value={ticket.categoryId ? String(ticket.categoryId) : null}
          onChange={(value) => save({ categoryId: value ? Number(value) : null })}
        />
        <MemberSelect
          key={`${ticket.agentId ?? 'none'}-${agentName ?? ''}`}
          {...common}
          label={t('tickets.fields.assignee')}
          placeholder={canManage ? t('tickets.form.assigneePlaceholder') : t('tickets.unassigned')}
          readOnly={!canManage}
          clearable={canManage}
          value={ticket.agentId && agentName ? { id: ticket.agentId, name: agentName } : null}
          onChange={(member) => {
            if ((member?.id ?? null) !== ticket.agentId) save({ agentId: member?.id ?? null });
          }}
        />
        <Select
          {...common}
          label={t('tickets.fields.project')}
          placeholder={t('tickets.detail.none')}
          clearable
          searchable
          nothingFoundMessage={t('tickets.nothingFound')}
          data={options.projectOptions}
          value={ticket.projectId ? String(ticket.projectId) : null}
          onChange={(value) => {
            const projectId = value ? Number(value) : null;
            if (projectId === ticket.projectId) return;
            // A site stays only while it belongs to the chosen project.
            const keepSite = ticket.teamId !== null && projectId !== null && options.projectOfSite(ticket.teamId) === projectId;
            save(keepSite ? { projectId } : { projectId, teamId: null });
          }}
        />
        <Select
          {...common}
          label={t('tickets.fields.site')}
          placeholder={t('tickets.detail.none')}
          clearable
          searchable
          nothingFoundMessage={t('tickets.nothingFound')}
          data={options.siteOptions}
          value={ticket.teamId ? String(ticket.teamId) : null}
          onChange={(value) => {
            const teamId = value ? Number(value) : null;
            if (teamId === ticket.teamId) return;
            const projectId = teamId ? options.projectOfSite(teamId) : null;
            save(projectId ? { teamId, projectId } : { teamId });
          }}
        />
        <Divider />
        <Fact label={t('tickets.fields.creator')}>
          {creatorName ? (
            <Group gap={8} wrap="nowrap">
              <Avatar size={24} radius="xl" src={ticket.creator?.avatar ?? null} color="indigo" alt="">
                {initialOf(creatorName)}
              </Avatar>
              <Text size="sm">{creatorName}</Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('tickets.detail.none')}
            </Text>
          )}
        </Fact>
        <Fact label={t('tickets.fields.created')}>
          <Text size="sm">{formatDateTime(ticket.createdDate, language)}</Text>
        </Fact>
        <Fact label={t('tickets.fields.updated')}>
          <Text size="sm">{formatDateTime(ticket.updatedDate, language)}</Text>
        </Fact>
      </Stack>
      {statusChange.modal}
    </Card>
  );
}
