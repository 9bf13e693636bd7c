// After the tablet sent a member's waiting answers: their schedules are read again.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

const SCHEDULES_ROOT = ['schedules'] as const;

export function useRefreshSchedules(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: SCHEDULES_ROOT }), [queryClient]);
}
