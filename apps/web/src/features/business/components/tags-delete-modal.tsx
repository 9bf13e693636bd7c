// Confirms deleting a tag; the actions using it keep going without it.
import { useTranslation } from 'react-i18next';
import type { Tag } from '@fieldops/shared/tasks';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteTagMutation } from '../api/delete-tag.ts';

export function TagsDeleteModal({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteTagMutation();
  const language = currentLanguage(i18n);
  const name = tag ? localizedName(tag, language) : '';

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () =>
    remove.mutate(tag?.id, {
      onSuccess: () => {
        notifySuccess(t('messages.tagDeleted'));
        close();
      },
      onError: (error) => notifyError(errorMessage(error), t('messages.deleteTagFailed')),
    });

  return (
    <ConfirmModal
      opened={tag !== null}
      title={t('business.tags.deleteTitle')}
      message={
        tag
          ? t(tag.actionsCount > 0 ? 'business.tags.deleteTextUsed' : 'business.tags.deleteText', { name, value: formatNumber(tag.actionsCount, language) })
          : ''
      }
      confirmLabel={t('actions.delete')}
      onConfirm={confirm}
      onClose={close}
      loading={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, 'deleteTagFailed') : null}
    />
  );
}
