// "Mark all as read", as the bell and the Notifications page offer it: the call, then a toast that
// says it is done or why not.
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMarkAllReadMutation } from '../api/mark-all-read.ts';

export function useReadAll() {
  const { t } = useTranslation();
  const markAll = useMarkAllReadMutation();
  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notifySuccess(t('messages.notificationsRead')),
      onError: (error) => notifyError(errorMessage(error, 'markNotificationsFailed')),
    });
  return { readAll, pending: markAll.isPending };
}
