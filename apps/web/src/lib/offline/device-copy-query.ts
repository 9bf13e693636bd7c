// The member's copied schedules and when they were saved, for the tracker (offline, and the
// "saved for offline work" line online).
import { useQuery } from '@tanstack/react-query';
import { copyRefreshedAt, readScheduleCopies } from './device-copy.ts';

export const deviceCopyKey = ['device-copy'] as const;

export function useDeviceCopy(userId: number, businessId: number) {
  return useQuery({
    queryKey: [...deviceCopyKey, userId, businessId],
    queryFn: async () => {
      const [copies, refreshedAt] = await Promise.all([readScheduleCopies(userId, businessId), copyRefreshedAt(userId, businessId)]);
      return { schedules: copies.map((copy) => copy.detail), refreshedAt };
    },
    networkMode: 'always',
    staleTime: 0,
  });
}
