// The menu of a ticket's card on the board: move it to another status (the moves the rules forbid
// are disabled, and the focus goes to the first allowed one), open it in a new tab, copy its link.
// What it offers is drawn only while it is open: a board draws dozens of cards, and the texts of
// every closed menu's items made up half of what each card asked its translations for. It is the
// light popover menu (quick-menu.tsx), so a tap on a phone opens it within a frame.
import type { RefObject } from 'react';
import { IconArrowsExchange, IconDots, IconExternalLink, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES, type TicketStatus } from '@fieldops/shared/enums';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { canTransition } from '@fieldops/shared/ticket-transitions';
import { absoluteUrl } from '../../../components/item-context-menu.tsx';
import { QuickMenu, QuickMenuDivider, QuickMenuGroup, QuickMenuItem } from '../../../components/quick-menu.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';

interface TicketCardMenuProps {
  ticket: Ticket;
  /** Present when the user may change the ticket's status. */
  onMove?: (ticket: Ticket, to: TicketStatus) => void;
  /** The menu button's name. */
  label: string;
  /** The menu's button (the card gives it the focus after a move). */
  buttonRef: RefObject<HTMLButtonElement | null>;
}

export function TicketCardMenu({ ticket, onMove, label, buttonRef }: TicketCardMenuProps) {
  return (
    <QuickMenu label={label} icon={<IconDots size={16} />} buttonRef={buttonRef}>
      {() => <TicketCardMenuItems ticket={ticket} onMove={onMove} />}
    </QuickMenu>
  );
}

/** What the open menu offers; drawn only while it is open. */
function TicketCardMenuItems({ ticket, onMove }: Pick<TicketCardMenuProps, 'ticket' | 'onMove'>) {
  const { t } = useTranslation();
  const path = paths.ticket(ticket.id);
  const moves = TICKET_STATUSES.filter((status) => status !== ticket.status);
  const firstMove = moves.find((status) => canTransition(ticket.status, status));

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(absoluteUrl(path));
      notifySuccess(t('feedback.linkCopied'));
    } catch {
      notifyError(t('feedback.copyFailed'));
    }
  };

  return (
    <>
      {onMove ? (
        <>
          <QuickMenuGroup label={t('tickets.card.moveTo')}>
            {moves.map((status) => (
              <QuickMenuItem
                key={status}
                icon={<IconArrowsExchange size={16} />}
                disabled={!canTransition(ticket.status, status)}
                // The focus goes to the first move the rules allow.
                autoFocus={status === firstMove}
                onClick={() => onMove(ticket, status)}
              >
                {t(`tickets.status.${status}`)}
              </QuickMenuItem>
            ))}
          </QuickMenuGroup>
          <QuickMenuDivider />
        </>
      ) : null}
      <QuickMenuItem href={path} target="_blank" icon={<IconExternalLink size={16} />}>
        {t('actions.openInNewTab')}
      </QuickMenuItem>
      <QuickMenuItem icon={<IconLink size={16} />} onClick={() => void copyLink()}>
        {t('actions.copyLink')}
      </QuickMenuItem>
    </>
  );
}
