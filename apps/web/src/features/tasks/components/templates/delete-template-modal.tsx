// Confirms deleting one of the business's own templates; tasks made from it stay.
import { useTranslation } from 'react-i18next';
import type { Template } from '@fieldops/shared/tasks';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../../lib/localized.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useDeleteTemplateMutation } from '../../api/delete-template.ts';

export function DeleteTemplateModal({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteTemplateMutation();
  const name = template ? localizedName(template, currentLanguage(i18n)) || t('tasks.untitled') : '';

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!template) return;
    remove.mutate(template.id, {
      onSuccess: () => {
        notifySuccess(t('tasks.templates.deleted', { name }));
        close();
      },
    });
  };

  return (
    <ConfirmModal
      opened={template !== null}
      title={t('tasks.templates.deleteTitle')}
      message={template ? t('tasks.templates.deleteText', { name }) : ''}
      confirmLabel={t('actions.delete')}
      onConfirm={confirm}
      onClose={close}
      loading={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, 'deleteTemplateFailed') : null}
    />
  );
}
