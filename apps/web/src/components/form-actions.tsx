// A form's closing row: Cancel (when the form can be left) and the submit button, which spins
// while the form saves. Cancel waits too, so a save under way is not left half-seen.
import type { ReactNode } from 'react';
import { Button, Group, type MantineColor } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  submitLabel: string;
  pending?: boolean;
  onCancel?: () => void;
  /** Beside the submit label; a save icon unless another (or null) is given. */
  icon?: ReactNode;
  color?: MantineColor;
  /** The submit button cannot be used as things stand. */
  disabled?: boolean;
  fullWidth?: boolean;
}

export function FormActions({ submitLabel, pending = false, onCancel, icon = <IconDeviceFloppy size={16} />, color, disabled, fullWidth }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel ? (
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
      ) : null}
      <Button type="submit" loading={pending} leftSection={icon} color={color} disabled={disabled} fullWidth={fullWidth}>
        {submitLabel}
      </Button>
    </Group>
  );
}
