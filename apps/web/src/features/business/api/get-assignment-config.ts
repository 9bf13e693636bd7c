// GET /services/helpdesk/api/v1/assignment-config: who receives new tickets without an assignee.
import { useQuery } from '@tanstack/react-query';
import type { AssignmentConfig } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const fetchAssignmentConfig = (signal?: AbortSignal) => api.get<AssignmentConfig>('/v1/assignment-config', { base: 'helpdesk', signal });

export function useAssignmentConfigQuery() {
  return useQuery({ queryKey: businessKeys.assignmentConfig, queryFn: ({ signal }) => fetchAssignmentConfig(signal) });
}
