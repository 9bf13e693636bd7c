// One e-mail of the outbox, as its recipient reads it: the HTML in a sandboxed frame (sandbox="":
// no scripts, no forms, no navigation, its own origin) and the plain text beside it, in tabs.
import { Alert, Code, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@fieldops/shared/notifications';
import { QueryGate } from '../../../components/query-gate.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { useOutboxMessageQuery } from '../api/get-outbox-message.ts';
import { OutboxStatusBadge } from './outbox-status-badge.tsx';

interface OutboxMessageModalProps {
  message: OutboxMessage | null;
  onClose: () => void;
}

export function OutboxMessageModal({ message, onClose }: OutboxMessageModalProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const body = useOutboxMessageQuery(message?.id ?? null);

  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      title={message?.subject ?? ''}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {message ? (
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <OutboxStatusBadge status={message.status} />
            <Text size="sm">
              {t('system.outbox.toLine')}{' '}
              <Text span dir="ltr">
                {message.to}
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(message.createdAt, language)}
            </Text>
          </Group>
          {message.lastError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('system.outbox.lastError')}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {message.lastError}
              </Text>
            </Alert>
          ) : null}
          <QueryGate query={body} fallbackKey="fetchOutboxFailed" withCard={false} loaderHeight={200}>
            {({ html, text }) => (
              <Tabs defaultValue="html" keepMounted={false}>
                <Tabs.List aria-label={t('system.outbox.views')}>
                  <Tabs.Tab value="html">{t('system.outbox.html')}</Tabs.Tab>
                  <Tabs.Tab value="text">{t('system.outbox.text')}</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="html" pt="sm">
                  <iframe
                    sandbox=""
                    srcDoc={html}
                    title={t('system.outbox.frameTitle', { subject: message.subject })}
                    style={{
                      width: '100%',
                      height: '60vh',
                      border: '1px solid var(--mantine-color-gray-3)',
                      borderRadius: 'var(--mantine-radius-sm)',
                      background: '#fff',
                    }}
                  />
                </Tabs.Panel>
                <Tabs.Panel value="text" pt="sm">
                  <Code block dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '60vh', overflow: 'auto' }}>
                    {text}
                  </Code>
                </Tabs.Panel>
              </Tabs>
            )}
          </QueryGate>
        </Stack>
      ) : null}
    </Modal>
  );
}
