// Confirms deleting a ticket category; the server refuses while tickets use it, and its message
// is shown in the dialog.
import { useTranslation } from 'react-i18next';
import type { TicketCategory } from '@fieldops/shared/helpdesk';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteTicketCategoryMutation } from '../api/delete-ticket-category.ts';

interface TicketCategoriesDeleteModalProps {
  category: TicketCategory | null;
  onClose: () => void;
}

export function TicketCategoriesDeleteModal({ category, onClose }: TicketCategoriesDeleteModalProps) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteTicketCategoryMutation();
  const name = category ? localizedName(category, currentLanguage(i18n)) : '';

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!category) return;
    remove.mutate(category.id, {
      onSuccess: () => {
        notifySuccess(t('business.categories.deleted', { name }));
        close();
      },
    });
  };

  return (
    <ConfirmModal
      opened={category !== null}
      title={t('business.categories.deleteTitle')}
      message={t('business.categories.deleteText', { name })}
      confirmLabel={t('actions.delete')}
      onConfirm={confirm}
      onClose={close}
      loading={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, 'deleteCategoryFailed') : null}
    />
  );
}
