// The signing secret in full, with a copy button: after a webhook is made, after a rotation, or
// when an administrator asks to see it again.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type SecretReason = 'created' | 'rotated' | 'revealed';

export function SecretModal({ secret, reason, onClose }: { secret: string | null; reason: SecretReason; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t(`webhooks.secret.${reason}Title`)} size="lg" centered>
      {secret ? (
        <Stack gap="md">
          <Text size="sm">{t('webhooks.secret.text')}</Text>
          <Text size="sm" fw={600} id="webhook-secret-label">
            {t('webhooks.secret.label')}
          </Text>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Code block dir="ltr" aria-labelledby="webhook-secret-label" data-testid="webhook-secret" style={{ wordBreak: 'break-all', flex: 1 }}>
              {secret}
            </Code>
            <CopyButton value={secret} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            {t('webhooks.secret.keep')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('webhooks.secret.done')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
