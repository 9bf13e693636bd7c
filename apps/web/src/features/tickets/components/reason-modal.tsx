// Asks why a ticket changes status ('Provide Reason'); the change is made only with a reason
// (spec §4, §5), checked with the same rule as the server's.
import type { FormEvent } from 'react';
import { Group, Modal, Stack, Text, Textarea, useDirection } from '@mantine/core';
import { IconArrowNarrowLeft, IconArrowNarrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@fieldops/shared/enums';
import { ticketStatusQuery } from '@fieldops/shared/helpdesk';
import { FormActions } from '../../../components/form-actions.tsx';
import { useFormState } from '../../../lib/form.ts';
import { StatusBadge } from './ticket-badges.tsx';

interface ReasonModalProps {
  /** The move waiting for its reason; null when the dialog is closed. */
  move: { title: string; from: TicketStatus; to: TicketStatus } | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

function ReasonForm({ move, onConfirm, onClose }: ReasonModalProps & { move: NonNullable<ReasonModalProps['move']> }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const form = useFormState({ reason: '' });
  const Arrow = dir === 'rtl' ? IconArrowNarrowLeft : IconArrowNarrowRight;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate(ticketStatusQuery);
    if (parsed) onConfirm(parsed.reason);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" fw={600} lineClamp={2}>
          {move.title}
        </Text>
        <Group gap="xs" aria-label={t('tickets.reason.move', { from: t(`tickets.status.${move.from}`), to: t(`tickets.status.${move.to}`) })}>
          <StatusBadge status={move.from} />
          <Arrow size={18} aria-hidden />
          <StatusBadge status={move.to} />
        </Group>
        <Textarea
          label={t('tickets.reason.label')}
          placeholder={t('tickets.reason.placeholder')}
          required
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          {...form.field('reason')}
        />
        <FormActions submitLabel={t('tickets.reason.confirm')} onCancel={onClose} icon={null} />
      </Stack>
    </form>
  );
}

export function ReasonModal({ move, onConfirm, onClose }: ReasonModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={move !== null} onClose={onClose} title={t('tickets.reason.title')} centered>
      {move ? <ReasonForm move={move} onConfirm={onConfirm} onClose={onClose} /> : null}
    </Modal>
  );
}
