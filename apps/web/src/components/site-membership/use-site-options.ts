// Sites as picker options, grouped by project: by default only the sites whose members the
// user may manage, without the ones listed in `exclude`.
import { useMemo } from 'react';
import type { ComboboxItem, ComboboxItemGroup } from '@mantine/core';
import { useAllSitesQuery } from '../../lib/session/api/get-sites.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import type { Site } from '../../lib/session/types.ts';

interface SiteOptionsOptions {
  exclude?: readonly number[];
  manageableOnly?: boolean;
}

export function groupSites(sites: readonly Site[]): ComboboxItemGroup<ComboboxItem>[] {
  const groups = new Map<string, ComboboxItemGroup<ComboboxItem>>();
  for (const site of sites) {
    const group = site.project?.name ?? '';
    if (!groups.has(group)) groups.set(group, { group, items: [] });
    groups.get(group)?.items.push({ value: String(site.id), label: site.name });
  }
  return [...groups.values()];
}

export function useSiteOptions({ exclude = [], manageableOnly = true }: SiteOptionsOptions = {}) {
  const query = useAllSitesQuery();
  const { canManageSite } = useAccess();
  const excludeKey = exclude.join(',');
  const sites = useMemo(() => {
    const skip = new Set(excludeKey ? excludeKey.split(',').map(Number) : []);
    return (query.data?.data ?? []).filter((site) => !skip.has(site.id) && (!manageableOnly || canManageSite(site.id)));
  }, [query.data, excludeKey, manageableOnly, canManageSite]);
  const options = useMemo(() => groupSites(sites), [sites]);
  const nameOf = (id: number) => query.data?.data.find((site) => site.id === id)?.name ?? '';
  return { options, sites, nameOf, isPending: query.isPending, isError: query.isError };
}
