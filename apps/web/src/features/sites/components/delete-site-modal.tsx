// Confirms deleting a site; its members stay in the business.
import { useTranslation } from 'react-i18next';
import type { Site } from '@fieldops/shared/organisation';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteSiteMutation } from '../api/delete-site.ts';

interface DeleteSiteModalProps {
  site: Site | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteSiteModal({ site, onClose, onDeleted }: DeleteSiteModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteSiteMutation();

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!site) return;
    remove.mutate(site.id, {
      onSuccess: () => {
        notifySuccess(t('sites.delete.done', { name: site.name }));
        close();
        onDeleted?.();
      },
    });
  };

  return (
    <ConfirmModal
      opened={site !== null}
      title={t('sites.delete.title')}
      message={site ? t('sites.delete.text', { name: site.name }) : ''}
      confirmLabel={t('actions.delete')}
      onConfirm={confirm}
      onClose={close}
      loading={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, 'deleteTeamFailed') : null}
    />
  );
}
