// The audit log's query keys: its pages for one set of filters.
import type { AuditFilters } from './get-audit-log.ts';

const all = ['audit-log'] as const;

export const auditLogKeys = {
  all,
  pages: (filters: AuditFilters) => [...all, 'pages', filters] as const,
};
