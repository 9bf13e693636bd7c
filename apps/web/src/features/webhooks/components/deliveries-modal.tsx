// An endpoint's delivery log, newest first: the event, its state, when, how long it took, the
// answer's status and the start of its body (or why none came), each attempt, and "Send again".
import { useState } from 'react';
import { Badge, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { eventKey } from './event-key.ts';
import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from '@fieldops/shared/webhooks';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { DELIVERIES_PAGE_SIZE, useDeliveriesQuery } from '../api/get-deliveries.ts';
import { useResendDeliveryMutation } from '../api/webhook-mutations.ts';

const COLORS: Record<WebhookDeliveryStatus, string> = { pending: 'yellow', succeeded: 'teal', failed: 'red' };

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" autoContrast>
      {t(`webhooks.log.state.${status}`)}
    </Badge>
  );
}

export function DeliveriesModal({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={endpoint !== null} onClose={onClose} title={endpoint ? t('webhooks.log.title', { url: endpoint.url }) : ''} size="80rem" centered>
      {endpoint ? <DeliveriesLog endpoint={endpoint} /> : null}
    </Modal>
  );
}

function DeliveriesLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const query = useDeliveriesQuery(endpoint.id, page);
  return (
    <QueryGate
      query={query}
      fallbackKey="unknownError"
      isEmpty={(result) => result.total === 0}
      empty={
        <Text c="dimmed" py="md">
          {t('webhooks.log.empty')}
        </Text>
      }
    >
      {(result) => (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webhooks.log.event')}</Table.Th>
                  <Table.Th>{t('webhooks.log.status')}</Table.Th>
                  <Table.Th>{t('webhooks.log.time')}</Table.Th>
                  <Table.Th>{t('webhooks.log.duration')}</Table.Th>
                  <Table.Th>{t('webhooks.log.response')}</Table.Th>
                  <Table.Th>{t('webhooks.log.attempts')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.data.map((delivery) => (
                  <DeliveryRow key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination page={page} size={DELIVERIES_PAGE_SIZE} total={result.total} onChange={setPage} />
        </Stack>
      )}
    </QueryGate>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: number; delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const resend = useResendDeliveryMutation();
  const [open, setOpen] = useState(false);
  const eventName = t(eventKey(delivery.eventType), { defaultValue: delivery.eventType });
  return (
    <>
      <Table.Tr data-testid="webhook-delivery">
        <Table.Td>
          <Text size="sm" fw={500}>
            {eventName}
          </Text>
          <Text size="xs" c="dimmed" dir="ltr">
            {delivery.eventType}
          </Text>
        </Table.Td>
        <Table.Td>
          <DeliveryStatusBadge status={delivery.status} />
          {delivery.status === 'pending' && delivery.nextAttemptAt ? (
            <Text size="xs" c="dimmed">
              {t('webhooks.log.nextAttempt', { when: formatDateTime(delivery.nextAttemptAt, language) })}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Text size="sm">{formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt, language)}</Text>
        </Table.Td>
        <Table.Td>{delivery.durationMs === null ? '—' : t('webhooks.log.ms', { ms: delivery.durationMs })}</Table.Td>
        <Table.Td maw={280}>
          <Text size="sm" fw={500}>
            {delivery.responseStatus ?? t('webhooks.log.noAnswer')}
          </Text>
          {delivery.responseBody ? (
            <Text size="xs" c="dimmed" dir="ltr" lineClamp={2} style={{ wordBreak: 'break-all' }}>
              {delivery.responseBody}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Button variant="subtle" size="compact-sm" onClick={() => setOpen((v) => !v)} aria-expanded={open} disabled={delivery.attemptLog.length === 0}>
            {delivery.attempts}
          </Button>
        </Table.Td>
        <Table.Td>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconSend size={14} />}
            disabled={delivery.status === 'pending'}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(
                { endpointId, deliveryId: delivery.id },
                { onSuccess: () => notifySuccess(t('webhooks.log.resent')), onError: (error) => notifyError(errorMessage(error, 'unknownError')) },
              )
            }
          >
            {t('webhooks.log.resend')}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <Text size="sm" fw={600} mb={4}>
              {t('webhooks.log.attemptLog')}
            </Text>
            <Stack gap={4}>
              {delivery.attemptLog.map((attempt) => (
                <Group key={attempt.id} gap="md" wrap="nowrap">
                  <Text size="xs">{formatDateTime(attempt.attemptedAt, language)}</Text>
                  <Text size="xs" fw={500}>
                    {attempt.responseStatus ?? t('webhooks.log.noAnswer')}
                  </Text>
                  <Text size="xs">{t('webhooks.log.ms', { ms: attempt.durationMs })}</Text>
                  <Code dir="ltr" style={{ wordBreak: 'break-all' }}>
                    {(attempt.error ?? attempt.responseBody ?? '').slice(0, 200)}
                  </Code>
                </Group>
              ))}
            </Stack>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
