// One action in the task's ordered list: its number, name, type, required mark, tags and its
// chain rule in words, with move up / move down and the item menu for those who manage tasks.
// After a move the focus stays with the moved action, on the button pressed (or, at the top or
// the bottom, on the other one), so a keyboard user can press again.
import { useEffect, useRef } from 'react';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGitBranch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Action } from '@fieldops/shared/tasks';
import { ItemContextMenu } from '../../../../components/item-context-menu.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../../../lib/localized.ts';
import { ruleSentence } from './rule-text.ts';
import type { SortableProps } from './sections-board.tsx';

export interface ActionCardHandlers {
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  /** Present when an earlier action can drive a rule, or a rule exists. */
  onRule?: () => void;
}

interface ActionCardProps {
  action: Action;
  position: number;
  base: Action | undefined;
  typeName: string;
  /** Absent for users who only read the task. */
  handlers?: ActionCardHandlers;
  busy?: boolean;
  /** This action was just moved with its Move up or Move down button: that button keeps the focus. */
  keepFocus?: 'up' | 'down';
  /** Its place in the draggable list: the card's element, its moving style and its drag handle. */
  sortable?: SortableProps;
}

export function ActionCard({ action, position, base, typeName, handlers, busy, keepFocus, sortable }: ActionCardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const name = localizedName(action, language) || t('tasks.untitledAction');
  const description = localizedDescription(action, language);
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);

  // The card moved (or its button became unusable at an end of the list): the browser drops the
  // focus of a button that is taken out and put back, or disabled. Give it back, unless the
  // person has already gone elsewhere.
  useEffect(() => {
    if (!keepFocus) return;
    const buttons = [upButton.current, downButton.current];
    const active = document.activeElement;
    if (active && active !== document.body && !buttons.includes(active as HTMLButtonElement)) return;
    const [pressed, other] = keepFocus === 'up' ? buttons : buttons.reverse();
    const target = pressed && !pressed.disabled ? pressed : other;
    if (target && target !== active) target.focus();
  }, [keepFocus, position]);

  /** While a move is being saved the buttons look unavailable and do nothing, but keep the focus. */
  const moveButton = (direction: 'up' | 'down', onMove: (() => void) | undefined) => (
    <Tooltip label={t(direction === 'up' ? 'tasks.actions.moveUp' : 'tasks.actions.moveDown')} withinPortal>
      <ActionIcon
        ref={direction === 'up' ? upButton : downButton}
        variant="subtle"
        color="gray"
        aria-label={t(direction === 'up' ? 'tasks.actions.moveUpOf' : 'tasks.actions.moveDownOf', { name })}
        disabled={!onMove}
        data-disabled={(onMove && busy) || undefined}
        aria-disabled={(onMove && busy) || undefined}
        onClick={busy ? undefined : onMove}
      >
        {direction === 'up' ? <IconArrowUp size={18} /> : <IconArrowDown size={18} />}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={name} ref={sortable?.ref} style={{ listStyle: 'none', ...sortable?.style }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {sortable?.handle}
        <Badge variant="light" radius="sm" size="lg" style={{ flexShrink: 0 }} aria-label={t('tasks.actions.position', { number: position })}>
          {formatNumber(position, language)}
        </Badge>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Badge variant="default" size="sm">
              {typeName}
            </Badge>
            {action.required ? (
              <Badge color="red" variant="light" size="sm">
                {t('tasks.actions.required')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light" size="sm">
                {t('tasks.actions.optional')}
              </Badge>
            )}
            {action.tags.map((tag) => (
              <Badge key={tag.id} variant="outline" size="sm">
                {localizedName(tag, language)}
              </Badge>
            ))}
          </Group>
          {description ? (
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {description}
            </Text>
          ) : null}
          {action.criteria ? (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconGitBranch size={16} style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-violet-6)" aria-hidden />
              <Text size="sm" c="violet.8">
                {ruleSentence({ answer: action.criteria.condition.answer, visibility: action.criteria.visibility }, base, t, language)}
              </Text>
            </Group>
          ) : null}
        </Stack>
        {handlers ? (
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {moveButton('up', handlers.onMoveUp)}
            {moveButton('down', handlers.onMoveDown)}
            <ItemContextMenu
              label={t('tasks.actions.menuOf', { name })}
              onEdit={handlers.onEdit}
              onDuplicate={handlers.onDuplicate}
              onDelete={handlers.onDelete}
              actions={handlers.onRule ? [{ key: 'rule', label: t('tasks.rule.menu'), icon: <IconGitBranch size={16} />, onClick: handlers.onRule }] : []}
            />
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
