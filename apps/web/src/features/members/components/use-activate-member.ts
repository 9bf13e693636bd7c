// 'Activate Member Now' with its toasts; the lists and the member page load again afterwards.
import { useTranslation } from 'react-i18next';
import type { Member } from '@fieldops/shared/account';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useActivateMemberMutation } from '../api/activate-member.ts';

export function useActivateMember(onDone?: () => void) {
  const { t } = useTranslation();
  const mutation = useActivateMemberMutation();
  const activate = (member: Pick<Member, 'userId' | 'fullName' | 'username'>) =>
    mutation.mutate(member.userId, {
      onSuccess: () => {
        notifySuccess(t('members.activation.activated', { name: member.fullName || member.username }));
        onDone?.();
      },
      onError: (error) => notifyError(errorMessage(error, 'activateMemberFailed')),
    });
  return { activate, pending: mutation.isPending };
}
