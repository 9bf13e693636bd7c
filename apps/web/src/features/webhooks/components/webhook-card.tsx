// One endpoint in the list: its address, description and state (on, or off and why), the events it
// receives by name, and its actions.
import { ActionIcon, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconEdit, IconEye, IconKey, IconList, IconPlayerPlay, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { eventKey } from './event-key.ts';
import type { WebhookEndpoint } from '@fieldops/shared/webhooks';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

export type WebhookAction = 'edit' | 'deliveries' | 'test' | 'rotate' | 'reveal' | 'enable' | 'delete';

export function WebhookCard({ endpoint, onAction }: { endpoint: WebhookEndpoint; onAction: (action: WebhookAction, endpoint: WebhookEndpoint) => void }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const act = (action: WebhookAction) => () => onAction(action, endpoint);
  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="webhook-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} dir="ltr" style={{ wordBreak: 'break-all', textAlign: 'start' }}>
              {endpoint.url}
            </Text>
            <Text size="sm" c="dimmed">
              {endpoint.description || t('webhooks.noDescription')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Badge color={endpoint.enabled ? 'teal' : 'red'} variant="light" autoContrast>
              {endpoint.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
            </Badge>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('webhooks.actions', { url: endpoint.url })}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconEdit size={16} />} onClick={act('edit')}>
                  {t('webhooks.edit')}
                </Menu.Item>
                <Menu.Item leftSection={<IconList size={16} />} onClick={act('deliveries')}>
                  {t('webhooks.deliveries')}
                </Menu.Item>
                <Menu.Item leftSection={<IconSend size={16} />} onClick={act('test')}>
                  {t('webhooks.test')}
                </Menu.Item>
                <Menu.Item leftSection={<IconEye size={16} />} onClick={act('reveal')}>
                  {t('webhooks.reveal')}
                </Menu.Item>
                <Menu.Item leftSection={<IconKey size={16} />} onClick={act('rotate')}>
                  {t('webhooks.rotate')}
                </Menu.Item>
                {endpoint.enabled ? null : (
                  <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={act('enable')}>
                    {t('webhooks.enable')}
                  </Menu.Item>
                )}
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={act('delete')}>
                  {t('webhooks.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {endpoint.enabled ? null : (
          <Text size="sm" c="red.8" role="status">
            {t(`webhooks.disabledReason.${endpoint.disabledReason ?? 'none'}`)}
            {endpoint.disabledAt ? ` · ${formatDateTime(endpoint.disabledAt, language)}` : ''}
          </Text>
        )}
        {endpoint.enabled && endpoint.failingSince ? (
          <Text size="sm" c="orange.9">
            {t('webhooks.failingSince', { when: formatDateTime(endpoint.failingSince, language) })}
          </Text>
        ) : null}
        <Group gap={6}>
          {endpoint.eventKinds.map((kind) => (
            <Badge key={kind} variant="outline" color="gray" tt="none" fw={500}>
              {t(eventKey(kind), { defaultValue: kind })}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
