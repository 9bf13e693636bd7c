// A confirmation dialog for a destructive or far-reaching action; it stays open while the
// action runs and shows why it failed.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from './form-alert.tsx';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  /** A translated reason the last attempt failed. */
  error?: string | null;
  danger?: boolean;
  /** True when the action cannot be done as things stand (the message says why): no confirm button. */
  blocked?: boolean;
}

export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
  error,
  danger = true,
  blocked = false,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered>
      <Stack gap="md">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <FormAlert>{error}</FormAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus={blocked || undefined}>
            {blocked ? t('actions.close') : t('actions.cancel')}
          </Button>
          {blocked ? null : (
            <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
              {confirmLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
