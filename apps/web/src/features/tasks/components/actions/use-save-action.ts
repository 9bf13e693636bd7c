// Saving an action: create it with its tags, or update it and then assign and remove the tags
// that changed, with the specification's toasts for each outcome; then an instruction's picture,
// sent or removed once the action exists.
import { useTranslation } from 'react-i18next';
import type { Action, ActionRequest, ActionUpdateRequest } from '@fieldops/shared/tasks';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useAssignActionTagsMutation } from '../../api/assign-action-tags.ts';
import { useCreateActionMutation } from '../../api/create-action.ts';
import { useActionsRefresh } from '../../api/refresh-task.ts';
import { useRemoveActionImageMutation } from '../../api/remove-action-image.ts';
import { useRemoveActionTagsMutation } from '../../api/remove-action-tags.ts';
import { useSetActionImageMutation } from '../../api/set-action-image.ts';
import { useUpdateActionMutation } from '../../api/update-action.ts';
import { refusalText } from '../refusal-text.ts';
import type { InstructionImageValue } from './instruction-image-field.tsx';

/** Which tags to assign and which to remove to go from `before` to `after`. */
export function tagChanges(before: readonly number[], after: readonly number[]) {
  return {
    assign: after.filter((id) => !before.includes(id)),
    remove: before.filter((id) => !after.includes(id)),
  };
}

/** The toast key for a change of tags: both ways is a reassignment. */
export function tagChangeMessage(change: { assign: number[]; remove: number[] }): string | null {
  if (change.assign.length && change.remove.length) return 'messages.tagReassigned';
  if (change.assign.length) return 'messages.tagAssigned';
  if (change.remove.length) return 'messages.tagUnassigned';
  return null;
}

export function useSaveAction(taskId: number) {
  const { t } = useTranslation();
  const create = useCreateActionMutation(taskId);
  const update = useUpdateActionMutation();
  const assign = useAssignActionTagsMutation();
  const remove = useRemoveActionTagsMutation();
  const setImage = useSetActionImageMutation();
  const removeImage = useRemoveActionImageMutation();
  const refreshActions = useActionsRefresh();

  const add = async (body: ActionRequest): Promise<Action> => {
    try {
      const saved = await create.mutateAsync(body);
      notifySuccess(t('messages.actionAdded'));
      return saved;
    } catch (error) {
      notifyError(errorMessage(error), t('messages.addActionFailed'));
      throw error;
    }
  };

  const change = async (action: Action, body: ActionUpdateRequest, tagIds: number[]): Promise<Action> => {
    let saved: Action;
    try {
      saved = await update.mutateAsync({ actionId: action.id, body });
      notifySuccess(t('messages.actionUpdated'));
    } catch (error) {
      notifyError(refusalText(error), t('messages.updateActionFailed'));
      throw error;
    }
    const tags = tagChanges(
      action.tags.map((tag) => tag.id),
      tagIds,
    );
    let step: 'assign' | 'remove' = 'assign';
    try {
      if (tags.assign.length) await assign.mutateAsync({ actionId: action.id, tagIds: tags.assign });
      step = 'remove';
      if (tags.remove.length) await remove.mutateAsync({ actionId: action.id, tagIds: tags.remove });
      const message = tagChangeMessage(tags);
      if (message) notifySuccess(t(message));
    } catch (error) {
      notifyError(errorMessage(error), t(step === 'assign' ? 'messages.assignTagFailed' : 'messages.removeTagFailed'));
    } finally {
      // Once after the update and its tag changes, not after each call.
      await refreshActions(taskId);
    }
    return saved;
  };

  /**
   * After the action is saved: the picture chosen for an instruction is sent, or the one removed
   * is taken away. A refusal is told, and the action stays saved as it is.
   */
  const saveImage = async (saved: Action, image: InstructionImageValue): Promise<Action> => {
    if (saved.type !== 'INSTRUCTION' || (!image.file && !image.removed)) return saved;
    try {
      return image.file ? await setImage.mutateAsync({ actionId: saved.id, file: image.file }) : await removeImage.mutateAsync({ actionId: saved.id });
    } catch (error) {
      notifyError(errorMessage(error), t('tasks.actionForm.imageFailed'));
      return saved;
    } finally {
      await refreshActions(taskId);
    }
  };

  return {
    add,
    change,
    saveImage,
    pending: create.isPending || update.isPending || assign.isPending || remove.isPending || setImage.isPending || removeImage.isPending,
  };
}
