// The outbox as a table: state, recipient, subject (which opens the message), kind and language,
// and when it was written and sent. On a phone the kind and the sending time step aside.
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@fieldops/shared/notifications';
import { ResponsiveTable, useWideScreen } from '../../../components/responsive-table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { NONE } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { OutboxStatusBadge } from './outbox-status-badge.tsx';

interface OutboxTableProps {
  messages: OutboxMessage[];
  onOpen: (message: OutboxMessage) => void;
}

export function OutboxTable({ messages, onOpen }: OutboxTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const wide = useWideScreen();
  return (
    <ResponsiveTable minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('system.outbox.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('system.outbox.columns.to')}</Table.Th>
            <Table.Th scope="col">{t('system.outbox.columns.subject')}</Table.Th>
            {wide ? <Table.Th scope="col">{t('system.outbox.columns.kind')}</Table.Th> : null}
            <Table.Th scope="col">{t('system.outbox.columns.createdAt')}</Table.Th>
            {wide ? <Table.Th scope="col">{t('system.outbox.columns.sentAt')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => (
            <Table.Tr key={message.id}>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <OutboxStatusBadge status={message.status} />
                  {message.lastError ? (
                    <Text size="xs" c="red.8" lineClamp={2} title={message.lastError}>
                      {message.lastError}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                  {message.to}
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor component="button" type="button" size="sm" ta="start" dir="auto" onClick={() => onOpen(message)} style={{ overflowWrap: 'anywhere' }}>
                  {message.subject}
                </Anchor>
              </Table.Td>
              {wide ? (
                <Table.Td>
                  <Text size="sm">
                    {message.kind} · {message.language.toUpperCase()}
                  </Text>
                </Table.Td>
              ) : null}
              <Table.Td>
                <Text size="sm">{formatDateTime(message.createdAt, language)}</Text>
              </Table.Td>
              {wide ? (
                <Table.Td>
                  <Text size="sm">{message.sentAt ? formatDateTime(message.sentAt, language) : NONE}</Text>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
