// Logout (spec §4): ends the session on the server (best effort), then clears the token,
// business key, saved projects and teams (the language stays), drops every cached answer and
// goes to the sign-in page.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
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

export function useLogout() {
  const forget = useForgetSession();
  return useCallback(async () => {
    try {
      await logoutOnServer();
    } catch {
      // Already ended, offline or slow: this browser forgets the session all the same.
    }
    forget();
  }, [forget]);
}
