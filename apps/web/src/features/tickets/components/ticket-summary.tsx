// The ticket's title and description, shown as the head of its page and edited in place.
import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ticketUpdateRequest, type Ticket } from '@fieldops/shared/helpdesk';
import { FormActions } from '../../../components/form-actions.tsx';
import { useFormState } from '../../../lib/form.ts';
import { PriorityBadge, StatusBadge } from './ticket-badges.tsx';
import { TicketTextFields } from './ticket-text-fields.tsx';
import { useSaveTicket } from './use-save-ticket.ts';

// Both are sent together, and both are required here.
const summarySchema = z.object({
  title: ticketUpdateRequest.shape.title.unwrap(),
  description: ticketUpdateRequest.shape.description.unwrap(),
});

function SummaryForm({ ticket, onDone }: { ticket: Ticket; onDone: () => void }) {
  const { t } = useTranslation();
  const { save, isPending } = useSaveTicket(ticket.id);
  const form = useFormState({ title: ticket.title, description: ticket.description });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(summarySchema);
    if (body) save(body, onDone);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TicketTextFields field={form.field} rows={{ min: 4, max: 14 }} />
        <FormActions submitLabel={t('actions.saveChanges')} pending={isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

export function TicketSummary({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);

  return (
    <Card withBorder radius="md" padding="lg">
      {editing ? (
        <SummaryForm ticket={ticket} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text size="sm" c="dimmed" dir="ltr">
                  #{ticket.id}
                </Text>
                <StatusBadge status={ticket.status} />
                <PriorityBadge priority={ticket.priority} />
              </Group>
              <Title order={1} fz="h2" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {ticket.title}
              </Title>
            </Stack>
            <Button variant="light" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
              {t('actions.edit')}
            </Button>
          </Group>
          {/* Entered text keeps its own direction: English reads left to right inside the Arabic page. */}
          <Text dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {ticket.description}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
