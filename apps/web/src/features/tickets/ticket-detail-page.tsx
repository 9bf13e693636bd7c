// /tickets/:ticketId: one ticket: its title and description, images and comments, and beside
// them its details (status, priority, category, assignee, project, site) and its history.
import { Anchor, Grid, Group, Stack, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TicketAttachment } from '@fieldops/shared/helpdesk';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTicketQuery } from './api/get-ticket.ts';
import { TicketAttachments } from './components/ticket-attachments.tsx';
import { TicketComments } from './components/ticket-comments.tsx';
import { TicketHistory } from './components/ticket-history.tsx';
import { TicketSidePanel } from './components/ticket-side-panel.tsx';
import { TicketSlaCard } from './components/ticket-sla-card.tsx';
import { TicketSummary } from './components/ticket-summary.tsx';

export function TicketDetailPage() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const { account } = useSession();
  const { managesAnySite } = useAccess();
  const ticketId = Number(useParams().ticketId);
  const valid = Number.isInteger(ticketId) && ticketId > 0;
  const query = useTicketQuery(ticketId, valid);
  useDocumentTitle(query.data?.title ?? t('tickets.detail.title'));

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;

  const canDelete = (attachment: TicketAttachment) => managesAnySite || attachment.creatorId === account.id;
  const Back = dir === 'rtl' ? IconArrowRight : IconArrowLeft;

  return (
    <QueryGate query={query} valid={valid} notFound errorTitle={t('tickets.detail.title')} fallbackKey="fetchTicketFailed">
      {(ticket) => (
        <Stack gap="md">
          <Group>
            <Anchor component={Link} to={paths.tickets} size="sm">
              <Group gap={4} wrap="nowrap">
                <Back size={16} aria-hidden />
                {t('tickets.detail.back')}
              </Group>
            </Anchor>
          </Group>
          <Grid gap="md" align="flex-start">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <TicketSummary ticket={ticket} />
                <TicketAttachments ticket={ticket} canDelete={canDelete} />
                <TicketComments ticketId={ticket.id} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="md">
                <TicketSidePanel ticket={ticket} canManage={managesAnySite} />
                <TicketSlaCard ticketId={ticket.id} />
                <TicketHistory ticketId={ticket.id} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </QueryGate>
  );
}
