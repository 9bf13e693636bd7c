// Confirms taking a member out of the business (all their sites too).
import { useTranslation } from 'react-i18next';
import type { Member } from '@fieldops/shared/account';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteMemberMutation } from '../api/delete-member.ts';

interface DeleteMemberModalProps {
  member: Member | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteMemberModal({ member, onClose, onDeleted }: DeleteMemberModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteMemberMutation();
  const name = member ? member.fullName || member.username : '';

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!member) return;
    remove.mutate(member.userId, {
      onSuccess: () => {
        notifySuccess(t('members.delete.done', { name }));
        close();
        onDeleted?.();
      },
    });
  };

  return (
    <ConfirmModal
      opened={member !== null}
      title={t('members.delete.title')}
      message={t('members.delete.text', { name })}
      confirmLabel={t('actions.delete')}
      onConfirm={confirm}
      onClose={close}
      loading={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, 'deleteMemberFailed') : null}
    />
  );
}
