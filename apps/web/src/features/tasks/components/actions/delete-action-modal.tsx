// Confirms deleting an action. While a rule of another action depends on it, the dialog says so
// before anything is confirmed, naming the dependent actions, and offers no Delete; should the
// server still refuse (409: a rule added elsewhere meanwhile), it shows the reason the same way.
import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Action } from '@fieldops/shared/tasks';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { ApiError } from '../../../../lib/api-error.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../../lib/localized.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useDeleteActionMutation } from '../../api/delete-action.ts';
import { refusalText } from '../refusal-text.ts';

interface DeleteActionModalProps {
  taskId: number;
  action: Action | null;
  /** Every action of the task, to name those whose rule depends on this one. */
  actions: readonly Action[];
  onClose: () => void;
}

export const dependentsOf = (actionId: number, actions: readonly Action[]) => actions.filter((item) => item.criteria?.condition.baseActionId === actionId);

export function DeleteActionModal({ taskId, action, actions, onClose }: DeleteActionModalProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const remove = useDeleteActionMutation(taskId);
  const nameOf = (item: Action) => localizedName(item, language) || t('tasks.untitledAction');

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!action) return;
    remove.mutate(action.id, {
      onSuccess: () => {
        notifySuccess(t('tasks.actions.deleted', { name: nameOf(action) }));
        close();
      },
    });
  };

  const refused = remove.error instanceof ApiError && remove.error.status === 409;
  const dependents = action ? dependentsOf(action.id, actions) : [];

  return (
    <ConfirmModal
      opened={action !== null}
      title={t('tasks.actions.deleteTitle')}
      message={
        <Stack gap="sm">
          <Text>{action ? t('tasks.actions.deleteText', { name: nameOf(action) }) : ''}</Text>
          {dependents.length > 0 ? (
            <FormAlert>
              <Text size="sm">{refused ? errorMessage(remove.error) : t('tasks.actions.deleteBlocked')}</Text>
              <Text size="sm" fw={600} mt="xs">
                {t('tasks.actions.dependents')}
              </Text>
              <List size="sm" withPadding>
                {dependents.map((item) => (
                  <List.Item key={item.id}>{nameOf(item)}</List.Item>
                ))}
              </List>
            </FormAlert>
          ) : null}
        </Stack>
      }
      confirmLabel={t('actions.delete')}
      onConfirm={confirm}
      onClose={close}
      blocked={dependents.length > 0}
      loading={remove.isPending}
      error={remove.isError && dependents.length === 0 ? (refused ? refusalText(remove.error) : errorMessage(remove.error, 'deleteActionFailed')) : null}
    />
  );
}
