// The Actions tab: the task's actions in order, grouped by section, each with its rule in words;
// those who manage tasks add, edit, reorder (by dragging, or up and down), duplicate, chain and
// delete them here, and add, rename, chain, reorder (in a list of their names) and delete sections.
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsSort, IconLayoutList, IconListCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Action, Section, TaskWithActions } from '@fieldops/shared/tasks';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useDuplicateActionMutation } from '../../api/duplicate-action.ts';
import { ActionCard } from './action-card.tsx';
import { ActionFormModal } from './action-form-modal.tsx';
import { ChainRuleModal, ruleBasesFor } from './chain-rule-modal.tsx';
import { DeleteActionModal } from './delete-action-modal.tsx';
import { DeleteSectionModal, SectionFormModal, SectionRuleModal } from './section-modals.tsx';
import { SectionOrderModal } from './section-order-modal.tsx';
import { SectionsBoard } from './sections-board.tsx';
import { useActionTypeNames } from './use-action-type-names.ts';
import { useReorderActions } from './use-reorder-actions.ts';

type Dialog =
  | { kind: 'new'; sectionId: number | null }
  | { kind: 'edit' | 'rule' | 'delete'; action: Action }
  | { kind: 'newSection' | 'sectionOrder' }
  | { kind: 'editSection' | 'sectionRule' | 'deleteSection'; section: Section }
  | null;

export function ActionsTab({ task, canManage }: { task: TaskWithActions; canManage: boolean }) {
  const { t } = useTranslation();
  const typeName = useActionTypeNames();
  const reorder = useReorderActions(task);
  const duplicate = useDuplicateActionMutation(task.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  /** The action last moved and the button that moved it, which keeps the focus. */
  const [moved, setMoved] = useState<{ id: number; direction: 'up' | 'down' } | null>(null);
  const actions = task.actions;
  const byId = new Map(actions.map((action) => [action.id, action]));
  const close = () => setDialog(null);
  const open = (next: Dialog) => {
    setMoved(null);
    setDialog(next);
  };
  const move = (index: number, direction: 'up' | 'down') => {
    const action = actions[index];
    if (!action) return;
    setMoved({ id: action.id, direction });
    reorder.move(index, direction === 'up' ? index - 1 : index + 1);
  };

  const duplicateAction = (action: Action) => {
    setMoved(null);
    duplicate.mutate(action.id, {
      onSuccess: () => notifySuccess(t('tasks.actions.duplicated')),
      onError: (error) => notifyError(errorMessage(error, 'duplicateActionFailed')),
    });
  };

  const addButton = canManage ? (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconLayoutList size={16} />} onClick={() => open({ kind: 'newSection' })}>
        {t('tasks.sections.add')}
      </Button>
      {(task.sections ?? []).length > 1 ? (
        <Button variant="default" leftSection={<IconArrowsSort size={16} />} onClick={() => open({ kind: 'sectionOrder' })}>
          {t('tasks.sections.order')}
        </Button>
      ) : null}
      <Button leftSection={<IconPlus size={16} />} onClick={() => open({ kind: 'new', sectionId: null })}>
        {t('tasks.actions.add')}
      </Button>
    </Group>
  ) : null;
  const sectionDialog = (kind: 'editSection' | 'sectionRule' | 'deleteSection') => (dialog?.kind === kind ? dialog.section : null);

  return (
    <>
      {actions.length === 0 && (task.sections ?? []).length === 0 ? (
        <EmptyState
          withCard
          icon={<IconListCheck size={28} />}
          title={t('tasks.actions.emptyTitle')}
          description={t(canManage ? 'tasks.actions.emptyText' : 'tasks.actions.emptyTextReader')}
          action={addButton}
        />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t('tasks.actions.intro')}
            </Text>
            {addButton}
          </Group>
          <SectionsBoard
            task={task}
            canManage={canManage}
            sectionHandlers={{
              onAddAction: (section) => open({ kind: 'new', sectionId: section.id }),
              onEdit: (section) => open({ kind: 'editSection', section }),
              onRule: (section) => open({ kind: 'sectionRule', section }),
              onDelete: (section) => open({ kind: 'deleteSection', section }),
            }}
            renderAction={(action, position, sortable) => {
              const index = actions.indexOf(action);
              return (
                <ActionCard
                  action={action}
                  position={position}
                  base={action.criteria ? byId.get(action.criteria.condition.baseActionId) : undefined}
                  typeName={typeName(action.type)}
                  busy={reorder.pending}
                  keepFocus={moved?.id === action.id ? moved.direction : undefined}
                  sortable={sortable}
                  handlers={
                    canManage
                      ? {
                          onMoveUp: index > 0 ? () => move(index, 'up') : undefined,
                          onMoveDown: index < actions.length - 1 ? () => move(index, 'down') : undefined,
                          onEdit: () => open({ kind: 'edit', action }),
                          onDuplicate: () => duplicateAction(action),
                          onDelete: () => open({ kind: 'delete', action }),
                          onRule: action.criteria || ruleBasesFor(action, actions).length > 0 ? () => open({ kind: 'rule', action }) : undefined,
                        }
                      : undefined
                  }
                />
              );
            }}
          />
        </Stack>
      )}
      <ActionFormModal
        taskId={task.id}
        sections={task.sections ?? []}
        defaultSectionId={dialog?.kind === 'new' ? dialog.sectionId : null}
        opened={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        action={dialog?.kind === 'edit' ? dialog.action : null}
        onClose={close}
      />
      <SectionFormModal
        taskId={task.id}
        opened={dialog?.kind === 'newSection' || dialog?.kind === 'editSection'}
        section={sectionDialog('editSection')}
        onClose={close}
      />
      <SectionRuleModal task={task} section={sectionDialog('sectionRule')} onClose={close} />
      <SectionOrderModal task={task} opened={dialog?.kind === 'sectionOrder'} onClose={close} />
      <DeleteSectionModal taskId={task.id} section={sectionDialog('deleteSection')} onClose={close} />
      <ChainRuleModal taskId={task.id} action={dialog?.kind === 'rule' ? dialog.action : null} actions={actions} onClose={close} />
      <DeleteActionModal taskId={task.id} action={dialog?.kind === 'delete' ? dialog.action : null} actions={actions} onClose={close} />
    </>
  );
}
