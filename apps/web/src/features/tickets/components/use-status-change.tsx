// One way to change a ticket's status, for the board and the ticket page: a forbidden move is
// refused at once without calling the server ('Unavailable status Transition'); an allowed one
// asks for the reason, then moves the ticket optimistically and reports the server's answer.
// `onMoved` hears each time the ticket changes place: when it moves, and when a refusal puts it
// back (the board puts the focus on its card there).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@fieldops/shared/enums';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { canTransition } from '@fieldops/shared/ticket-transitions';
import { MSG } from '@fieldops/shared/messages';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateTicketStatusMutation } from '../api/update-ticket-status.ts';
import { ReasonModal } from './reason-modal.tsx';

export function useStatusChange({ onMoved }: { onMoved?: (ticket: Ticket, shownIn: TicketStatus) => void } = {}) {
  const { t } = useTranslation();
  const mutation = useUpdateTicketStatusMutation();
  const [pending, setPending] = useState<{ ticket: Ticket; to: TicketStatus } | null>(null);

  /** Starts moving `ticket` to `to`; returns false when the move is refused outright. */
  const request = (ticket: Ticket, to: TicketStatus): boolean => {
    if (ticket.status === to) return false;
    if (!canTransition(ticket.status, to)) {
      notifyError(translateMessage(MSG.transitionUnavailable));
      return false;
    }
    setPending({ ticket, to });
    return true;
  };

  const confirm = (reason: string) => {
    if (!pending) return;
    setPending(null);
    const { ticket, to } = pending;
    mutation.mutate(
      { ...pending, reason },
      {
        onSuccess: () => notifySuccess(t('messages.ticketStatusUpdated')),
        // The server's own text (e.g. the 409 'Unavailable status Transition') when it sent one.
        onError: (error) => {
          onMoved?.(ticket, ticket.status);
          notifyError(errorMessage(error, 'updateTicketStatusFailed'));
        },
      },
    );
    onMoved?.(ticket, to);
  };

  const modal = (
    <ReasonModal
      move={pending ? { title: pending.ticket.title, from: pending.ticket.status, to: pending.to } : null}
      onConfirm={confirm}
      onClose={() => setPending(null)}
    />
  );

  return { request, modal };
}
