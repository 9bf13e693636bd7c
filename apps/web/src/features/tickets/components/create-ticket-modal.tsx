// The new-ticket dialog, opened by "New ticket" (?new=1 in the address). Its form arrives with the
// dialog's first opening: it checks with the shared rules, which bring the schema library, and
// neither the board nor the list needs them until then.
import { lazy, Suspense } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';

const TicketCreateForm = lazy(async () => ({ default: (await import('./ticket-create-form.tsx')).TicketCreateForm }));

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
        // A form that fails to arrive says so in the dialog, not over the page.
        <ErrorBoundary fullScreen={false}>
          <Suspense fallback={<LoadingState />}>
            <TicketCreateForm
              onCancel={onClose}
              onCreated={(ticket) => {
                onClose();
                onCreated?.(ticket);
              }}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </Modal>
  );
}
