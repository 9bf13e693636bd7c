// Switching business: the chosen business's key is stored and everything is loaded again for
// it (the load sequence picks the stored key when it is still one of the account's).
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../paths.ts';
import { setApiKey } from '../storage.ts';

export function useSwitchBusiness() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (apiKey: string) => {
      setApiKey(apiKey);
      await navigate(paths.home);
      // Nothing of the previous business may show: every answer is dropped and loaded again.
      await queryClient.resetQueries();
    },
    [queryClient, navigate],
  );
}
