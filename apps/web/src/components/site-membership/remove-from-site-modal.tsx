// Confirms taking a member out of one site, then removes them.
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { useRemoveFromSiteMutation } from './api/remove-from-site.ts';

export interface Placement {
  userId: number;
  memberName: string;
  siteId: number;
  siteName: string;
}

interface RemoveFromSiteModalProps {
  placement: Placement | null;
  onClose: () => void;
}

export function RemoveFromSiteModal({ placement, onClose }: RemoveFromSiteModalProps) {
  const { t } = useTranslation();
  const remove = useRemoveFromSiteMutation();

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!placement) return;
    remove.mutate(
      { teamId: placement.siteId, userId: placement.userId },
      {
        onSuccess: () => {
          notifySuccess(t('siteMembership.removed', { name: placement.memberName, site: placement.siteName }));
          close();
        },
      },
    );
  };

  return (
    <ConfirmModal
      opened={placement !== null}
      title={t('siteMembership.removeTitle')}
      message={placement ? t('siteMembership.removeText', { name: placement.memberName, site: placement.siteName }) : ''}
      confirmLabel={t('siteMembership.removeTitle')}
      onConfirm={confirm}
      onClose={close}
      loading={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, 'removeMemberFailed') : null}
    />
  );
}
