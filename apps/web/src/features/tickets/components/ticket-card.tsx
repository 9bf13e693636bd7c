// A ticket on the board: title, priority, category, assignee, site and the numbers of comments
// and attachments. It opens the ticket, can be dragged to another column, and its menu moves it
// to another status (forbidden targets are disabled). Memoised: the board draws a card again
// only when its ticket or its own state changes.
import { memo, useEffect, useRef, type DragEvent, type MouseEvent } from 'react';
import { ActionIcon, Anchor, Avatar, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconDots, IconExternalLink, IconLink, IconMapPin, IconMessageCircle, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TICKET_STATUSES, type TicketStatus } from '@fieldops/shared/enums';
import { canTransition, type Ticket } from '@fieldops/shared/helpdesk';
import { absoluteUrl } from '../../../components/item-context-menu.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { initialOf, localizedName } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { STATUS_COLORS, PriorityBadge } from './ticket-badges.tsx';

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
  const moves = TICKET_STATUSES.filter((status) => status !== ticket.status);
  const firstMove = moves.find((status) => canTransition(ticket.status, status));
  const agentName = ticket.agent ? ticket.agent.fullName || ticket.agent.username : null;
  const menuButton = useRef<HTMLButtonElement>(null);

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
    if ((event.target as HTMLElement).closest('a, button, [role="menu"]')) return;
    void navigate(path);
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(absoluteUrl(path));
      notifySuccess(t('feedback.linkCopied'));
    } catch {
      notifyError(t('feedback.copyFailed'));
    }
  };

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
      data-ticket-id={ticket.id}
      aria-roledescription={onMove ? t('tickets.board.draggable') : undefined}
      style={{
        cursor: onMove ? 'grab' : 'pointer',
        opacity: dragging ? 0.5 : 1,
        borderInlineStartWidth: 4,
        borderInlineStartColor: `var(--mantine-color-${STATUS_COLORS[ticket.status]}-5)`,
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed" dir="ltr">
              #{ticket.id}
            </Text>
            <PriorityBadge priority={ticket.priority} size="sm" />
          </Group>
          <Menu position="bottom-end" withinPortal shadow="md" width={220}>
            <Menu.Target>
              <ActionIcon ref={menuButton} variant="subtle" color="gray" size="sm" aria-label={t('tickets.card.menu', { title: ticket.title })}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {onMove ? (
                <>
                  <Menu.Label>{t('tickets.card.moveTo')}</Menu.Label>
                  {moves.map((status) => (
                    <Menu.Item
                      key={status}
                      leftSection={<IconArrowsExchange size={16} />}
                      disabled={!canTransition(ticket.status, status)}
                      // The menu's focus goes to the first move it can make: left to itself it
                      // would try the first item, which may be disabled, and keep the focus (and
                      // Escape) on the card.
                      data-autofocus={status === firstMove || undefined}
                      onClick={() => onMove(ticket, status)}
                    >
                      {t(`tickets.status.${status}`)}
                    </Menu.Item>
                  ))}
                  <Menu.Divider />
                </>
              ) : null}
              <Menu.Item component="a" href={path} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={16} />}>
                {t('actions.openInNewTab')}
              </Menu.Item>
              <Menu.Item leftSection={<IconLink size={16} />} onClick={() => void copyLink()}>
                {t('actions.copyLink')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
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
            <Tooltip label={t('tickets.card.comments', { count: ticket.commentsCount })} withinPortal>
              <Group gap={2} wrap="nowrap" aria-label={t('tickets.card.comments', { count: ticket.commentsCount })}>
                <IconMessageCircle size={14} aria-hidden />
                <Text size="xs">{formatNumber(ticket.commentsCount, language)}</Text>
              </Group>
            </Tooltip>
            <Tooltip label={t('tickets.card.attachments', { count: ticket.attachmentsCount })} withinPortal>
              <Group gap={2} wrap="nowrap" aria-label={t('tickets.card.attachments', { count: ticket.attachmentsCount })}>
                <IconPaperclip size={14} aria-hidden />
                <Text size="xs">{formatNumber(ticket.attachmentsCount, language)}</Text>
              </Group>
            </Tooltip>
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
