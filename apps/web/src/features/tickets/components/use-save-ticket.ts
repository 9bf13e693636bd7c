// Saves one change of a ticket's fields from its page, with the specification's toasts.
import { useTranslation } from 'react-i18next';
import type { TicketUpdateRequest } from '@fieldops/shared/helpdesk';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateTicketMutation } from '../api/update-ticket.ts';

export function useSaveTicket(ticketId: number) {
  const { t } = useTranslation();
  const mutation = useUpdateTicketMutation();
  const save = (body: TicketUpdateRequest, onSaved?: () => void) =>
    mutation.mutate(
      { ticketId, body },
      {
        onSuccess: () => {
          notifySuccess(t('messages.ticketUpdated'));
          onSaved?.();
        },
        onError: (error) => notifyError(errorMessage(error, 'updateTicketFailedLater')),
      },
    );
  return { save, isPending: mutation.isPending };
}
