// Logout (spec §4): takes this device's push subscription back and ends the session on the server
// (both best effort), then clears the token, business key, saved projects and teams (the language
// stays), drops every cached answer and goes to the sign-in page.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatNumber } from '../format.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { paths } from '../paths.ts';
import { clearSessionStorage } from '../storage.ts';
import { logoutOnServer } from './api/logout.ts';

/** Forgets this browser's session and goes to sign in, without calling the server. */
export function useForgetSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearSessionStorage();
    // The schedules kept for offline work go with the session; unsent answers stay for their member.
    void import('../offline/device-copy.ts').then(({ forgetDeviceCopy }) => forgetDeviceCopy()).catch(() => {});
    void navigate(paths.login, { replace: true });
    queryClient.clear();
  }, [queryClient, navigate]);
}

/** How many of the member's answers wait on the device, not yet on the server. */
async function unsentAnswers(userId: number): Promise<number> {
  const { listOutbox } = await import('../offline/outbox.ts');
  return (await listOutbox(userId).catch(() => [])).filter((entry) => entry.status !== 'sent').length;
}

/**
 * Logs out; with the member's id, first says how many of their answers are not yet sent (they
 * stay on the device for their next sign-in here) and asks.
 */
export function useLogout(userId?: number) {
  const forget = useForgetSession();
  const { t, i18n } = useTranslation();
  return useCallback(async () => {
    const unsent = userId === undefined ? 0 : await unsentAnswers(userId);
    if (unsent > 0 && !window.confirm(t('offlineBar.unsentLogout', { value: formatNumber(unsent, currentLanguage(i18n)) }))) return;
    // This device stops hearing of the person who leaves, while the session can still say so.
    await import('../pwa/device-push.ts').then(({ turnOffPush }) => turnOffPush()).catch(() => {});
    try {
      await logoutOnServer();
    } catch {
      // Already ended, offline or slow: this browser forgets the session all the same.
    }
    forget();
  }, [forget, userId, t, i18n]);
}
