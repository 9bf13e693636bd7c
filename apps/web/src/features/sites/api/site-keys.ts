// The sites feature's query keys: the business's sites, one site, and a page of a site's members
// (a key the plan form shares, so it comes from the shared keys).
import type { SitesFilter } from '@fieldops/shared/organisation';
import { sharedKeys } from '../../../lib/query-keys.ts';

export const siteKeys = {
  all: sharedKeys.sites,
  list: (page: number, size: number, filter: SitesFilter) => [...sharedKeys.sites, 'list', { page, size, ...filter }] as const,
  detail: (siteId: number) => [...sharedKeys.sites, 'detail', siteId] as const,
  members: sharedKeys.siteMembersPage,
};
