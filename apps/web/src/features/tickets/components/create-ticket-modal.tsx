// The new-ticket dialog, opened by "New ticket" (?new=1 in the address).
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { TicketCreateForm } from './ticket-create-form.tsx';

interface CreateTicketModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated?: (ticket: Ticket) => void;
}

export function CreateTicketModal({ opened, onClose, onCreated }: CreateTicketModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('tickets.form.newTitle')} size="lg" centered>
      {opened ? (
        <TicketCreateForm
          onCancel={onClose}
          onCreated={(ticket) => {
            onClose();
            onCreated?.(ticket);
          }}
        />
      ) : null}
    </Modal>
  );
}
