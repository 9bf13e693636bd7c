// What a change to the tags loads again: the tags everywhere, and the tasks, whose lists and
// pages show tag names. Not awaited: the dialog closes at once.
import { useQueryClient } from '@tanstack/react-query';
import { businessKeys } from './business-keys.ts';

export function useTagsChanged(): () => void {
  const queryClient = useQueryClient();
  return () =>
    void Promise.all([queryClient.invalidateQueries({ queryKey: businessKeys.tags }), queryClient.invalidateQueries({ queryKey: businessKeys.tasks })]);
}
