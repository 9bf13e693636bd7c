// One action in the task's ordered list: its number, name, type, required mark, tags and its
// chain rule in words, with move up / move down and the item menu for those who manage tasks.
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGitBranch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Action } from '@fieldops/shared/tasks';
import { ItemContextMenu } from '../../../components/item-context-menu.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../../lib/localized.ts';
import { ruleSentence } from './rule-text.ts';

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
}

export function ActionCard({ action, position, base, typeName, handlers, busy }: ActionCardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const name = localizedName(action, language) || t('tasks.untitledAction');
  const description = localizedDescription(action, language);

  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={name} style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
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
            <Tooltip label={t('tasks.actions.moveUp')} withinPortal>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('tasks.actions.moveUpOf', { name })}
                disabled={!handlers.onMoveUp || busy}
                onClick={handlers.onMoveUp}
              >
                <IconArrowUp size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('tasks.actions.moveDown')} withinPortal>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('tasks.actions.moveDownOf', { name })}
                disabled={!handlers.onMoveDown || busy}
                onClick={handlers.onMoveDown}
              >
                <IconArrowDown size={18} />
              </ActionIcon>
            </Tooltip>
            <ItemContextMenu
              label={t('tasks.actions.menuOf', { name })}
              onEdit={handlers.onEdit}
              onDuplicate={handlers.onDuplicate}
              onDelete={handlers.onDelete}
              actions={
                handlers.onRule
                  ? [{ key: 'rule', label: t('tasks.rule.menu'), icon: <IconGitBranch size={16} />, onClick: handlers.onRule }]
                  : []
              }
            />
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
