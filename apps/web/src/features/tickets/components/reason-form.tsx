// The reason a ticket changes status ('Provide Reason'), checked with the same rule as the
// server's. A file of its own: the rule brings the schema library, which the board does not need
// until a move is asked for.
import { useEffect, useRef, type FormEvent } from 'react';
import { Group, Stack, Text, Textarea, useDirection } from '@mantine/core';
import { IconArrowNarrowLeft, IconArrowNarrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@fieldops/shared/enums';
import { ticketStatusQuery } from '@fieldops/shared/helpdesk';
import { FormActions } from '../../../components/form-actions.tsx';
import { useFormState } from '../../../lib/form.ts';
import { StatusBadge } from './ticket-badges.tsx';

export interface ReasonMove {
  title: string;
  from: TicketStatus;
  to: TicketStatus;
}

interface ReasonFormProps {
  move: ReasonMove;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

export function ReasonForm({ move, onConfirm, onClose }: ReasonFormProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const form = useFormState({ reason: '' });
  const Arrow = dir === 'rtl' ? IconArrowNarrowLeft : IconArrowNarrowRight;
  // The dialog puts the focus on the reason when it opens; the first time, the form arrives after
  // the dialog has opened, and takes it here.
  const reason = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reason.current?.focus(), []);

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
          ref={reason}
          {...form.field('reason')}
        />
        <FormActions submitLabel={t('tickets.reason.confirm')} onCancel={onClose} icon={null} />
      </Stack>
    </form>
  );
}
