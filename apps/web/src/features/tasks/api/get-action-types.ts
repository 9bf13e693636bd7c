// GET /services/workflow/api/v1/action-types: the action types with their names in both
// languages, whether they take options and whether a chain rule can follow them.
import { useQuery } from '@tanstack/react-query';
import type { ActionTypeInfo } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const fetchActionTypes = (signal?: AbortSignal) => api.get<ActionTypeInfo[]>('/v1/action-types', { base: 'workflow', signal });

export function useActionTypesQuery() {
  return useQuery({
    queryKey: taskKeys.actionTypes,
    queryFn: ({ signal }) => fetchActionTypes(signal),
    // The types are reference data: they change with a release, not while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
