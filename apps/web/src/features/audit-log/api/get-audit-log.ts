// GET /api/v1/audit-log (owners and admins): the business's audit log, newest first, filtered;
// `before` (the last id shown) reads the next page.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogPage } from '@fieldops/shared/audit-log';
import { api } from '../../../lib/api-client.ts';
import { auditLogKeys } from './audit-log-keys.ts';

export interface AuditFilters {
  /** An area ("member") or a kind. */
  kind?: string;
  actorId?: number;
  /** Calendar dates in the business's time zone, both inclusive. */
  from?: string;
  to?: string;
  q?: string;
}

export const AUDIT_LOG_PAGE_SIZE = 50;

/** The filters as query parameters, leaving out the empty ones. */
export const auditParams = (filters: AuditFilters) => ({
  kind: filters.kind || undefined,
  actorId: filters.actorId,
  from: filters.from || undefined,
  to: filters.to || undefined,
  q: filters.q?.trim() || undefined,
});

export const getAuditLog = (filters: AuditFilters, before: number | undefined, signal?: AbortSignal) =>
  api.get<AuditLogPage>('/v1/audit-log', { params: { ...auditParams(filters), before, size: AUDIT_LOG_PAGE_SIZE }, signal });

export function useAuditLogQuery(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditLogKeys.pages(filters),
    queryFn: ({ pageParam, signal }) => getAuditLog(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}
