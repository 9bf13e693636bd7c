// Logout (spec §4): clears the token, business key, saved projects and teams (the language
// stays), drops every cached answer and goes to the sign-in page.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../api-client.ts';
import { clearSessionStorage } from '../storage.ts';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearSessionStorage();
    void navigate(LOGIN_PATH, { replace: true });
    queryClient.clear();
  }, [queryClient, navigate]);
}
