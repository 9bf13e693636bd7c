// A ticket on the board: title, priority, category, assignee, site and the numbers of comments
// and attachments. It opens the ticket, can be dragged to another column, and its menu moves it
// to another status (forbidden targets are disabled; ticket-card-menu.tsx). Memoised: the board
// draws a card again only when its ticket or its own state changes. What only opening the menu
// or the mouse reveals (the menu's items, the counts' tooltips) is made when first needed.
// In the page's "Select" mode the card has a checkbox (Shift+click chooses a range) and Space on
// the card's title chooses it; the card listens to its own ticket's place in the selection only.
import { memo, useEffect, useRef, useState, type ChangeEvent, type DragEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Anchor, Avatar, Card, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconMapPin, IconMessageCircle, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TicketStatus } from '@fieldops/shared/enums';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { initialOf, localizedName } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';
import { STATUS_COLORS, PriorityBadge, SlaBadge } from './ticket-badges.tsx';
import { TicketCardMenu } from './ticket-card-menu.tsx';
import { useTicketSelected, useTicketSelection } from './ticket-selection.ts';

interface TicketCardProps {
  ticket: Ticket;
  /** Present when the user may change the ticket's status. */
  onMove?: (ticket: Ticket, to: TicketStatus) => void;
  onDragStart?: (ticket: Ticket) => void;
  onDragEnd?: () => void;
  dragging?: boolean;
  /** The card takes the focus (on its menu button) once shown, then calls `onFocused`. */
  focus?: boolean;
  onFocused?: () => void;
}

export const TicketCard = memo(function TicketCard({ ticket, onMove, onDragStart, onDragEnd, dragging = false, focus = false, onFocused }: TicketCardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const navigate = useNavigate();
  const path = paths.ticket(ticket.id);
  const agentName = ticket.agent ? ticket.agent.fullName || ticket.agent.username : null;
  const menuButton = useRef<HTMLButtonElement>(null);
  const selection = useTicketSelection();
  const selected = useTicketSelected(selection, ticket.id);

  useEffect(() => {
    if (!focus) return;
    menuButton.current?.focus();
    onFocused?.();
  }, [focus, onFocused]);

  const startDrag = (event: DragEvent<HTMLDivElement>) => {
    event.dataTransfer.setData('text/plain', String(ticket.id));
    event.dataTransfer.effectAllowed = 'move';
    onDragStart?.(ticket);
  };

  // The whole card opens the ticket, except its own links and menu.
  const open = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a, button, input, label, [role="menu"]')) return;
    if (selection) selection.toggle(ticket.id, event.shiftKey);
    else void navigate(path);
  };
  // Space on the card's title (not its checkbox or menu, which have their own) chooses the card.
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!selection || event.key !== ' ' || (event.target as HTMLElement).closest('button, input, [role="menu"]')) return;
    event.preventDefault();
    selection.toggle(ticket.id, event.shiftKey);
  };
  const check = (event: ChangeEvent<HTMLInputElement>) => selection?.toggle(ticket.id, (event.nativeEvent as Partial<PointerEvent>).shiftKey === true);

  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      shadow={dragging ? 'md' : 'xs'}
      draggable={Boolean(onMove)}
      onDragStart={onMove ? startDrag : undefined}
      onDragEnd={onDragEnd}
      onClick={open}
      onKeyDown={selection ? keyDown : undefined}
      data-ticket-id={ticket.id}
      data-selected={selected || undefined}
      aria-roledescription={onMove ? t('tickets.board.draggable') : undefined}
      style={{
        cursor: onMove ? 'grab' : 'pointer',
        opacity: dragging ? 0.5 : 1,
        borderInlineStartWidth: 4,
        borderInlineStartColor: `var(--mantine-color-${STATUS_COLORS[ticket.status]}-5)`,
        ...(selected ? { outline: '2px solid var(--mantine-color-blue-6)', outlineOffset: 1 } : {}),
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          {/* The badges wrap in a narrow column rather than cutting their words short. */}
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            {selection ? (
              <Checkbox size="sm" checked={selected} onChange={check} aria-label={t('tickets.bulk.selectTicket', { id: ticket.id, title: ticket.title })} />
            ) : null}
            <Text size="xs" c="dimmed" dir="ltr">
              #{ticket.id}
            </Text>
            <PriorityBadge priority={ticket.priority} size="sm" />
            <SlaBadge
              resolutionDueAt={ticket.resolutionDueAt}
              status={ticket.status}
              size="sm"
              h="auto"
              styles={{ label: { whiteSpace: 'normal', lineHeight: 1.35, paddingBlock: 2 } }}
            />
          </Group>
          <TicketCardMenu ticket={ticket} onMove={onMove} label={t('tickets.card.menu', { title: ticket.title })} buttonRef={menuButton} />
        </Group>
        <Anchor component={Link} to={path} fw={600} size="sm" c="inherit" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {ticket.title}
        </Anchor>
        {ticket.category ? (
          <Text size="xs" c="dimmed">
            {localizedName(ticket.category, language)}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar size={22} radius="xl" src={ticket.agent?.avatar ?? null} color={agentName ? 'indigo' : 'gray'} alt="">
              {agentName ? initialOf(agentName) : '?'}
            </Avatar>
            <Text size="xs" c={agentName ? undefined : 'dimmed'} truncate="end">
              {agentName ?? t('tickets.unassigned')}
            </Text>
          </Group>
          <Group gap={8} wrap="nowrap" c="dimmed">
            <CardCount label={t('tickets.card.comments', { count: ticket.commentsCount })} icon={<IconMessageCircle size={14} aria-hidden />}>
              {formatNumber(ticket.commentsCount, language)}
            </CardCount>
            <CardCount label={t('tickets.card.attachments', { count: ticket.attachmentsCount })} icon={<IconPaperclip size={14} aria-hidden />}>
              {formatNumber(ticket.attachmentsCount, language)}
            </CardCount>
          </Group>
        </Group>
        {ticket.team ? (
          <Group gap={4} wrap="nowrap" c="dimmed">
            <IconMapPin size={14} aria-hidden />
            <Text size="xs" truncate="end">
              {ticket.team.name}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
});

/**
 * A count on the card, named for assistive technology, with its tooltip under the mouse. The
 * tooltip (a floating element with its own hooks) is made the first time the mouse comes over
 * the count: a board draws dozens of cards and a phone never hovers them.
 */
function CardCount({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const target = useRef<HTMLDivElement>(null);
  const [pointed, setPointed] = useState(false);
  return (
    <>
      <Group ref={target} gap={2} wrap="nowrap" aria-label={label} onMouseEnter={pointed ? undefined : () => setPointed(true)}>
        {icon}
        <Text size="xs">{children}</Text>
      </Group>
      {pointed ? <Tooltip target={target} label={label} defaultOpened /> : null}
    </>
  );
}
