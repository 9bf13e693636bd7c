// GET /services/helpdesk/api/v1/assignment-config: who receives new tickets without an assignee.
import { useQuery } from '@tanstack/react-query';
import type { AssignmentConfig } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';

export const assignmentConfigQueryKey = ['assignment-config'] as const;

export const fetchAssignmentConfig = (signal?: AbortSignal) =>
  api.get<AssignmentConfig>('/v1/assignment-config', { base: 'helpdesk', signal });

export function useAssignmentConfigQuery() {
  return useQuery({ queryKey: assignmentConfigQueryKey, queryFn: ({ signal }) => fetchAssignmentConfig(signal) });
}
