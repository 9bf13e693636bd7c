// How a ranked entity is named and where its page is: members, sites and projects have a name;
// tasks (and plans) their task's name in the current language, falling back to the other.
import type { KpiItem, KpiKind } from '@fieldops/shared/reports';
import type { Language } from '../i18n/language.ts';
import { localizedName } from '../localized.ts';

/** The kinds that have a page of their own, with the route of that page. */
const PAGE_OF: Partial<Record<KpiKind, string>> = {
  members: '/members',
  teams: '/sites',
  projects: '/projects',
  tasks: '/tasks',
};

export function kpiItemName(item: Pick<KpiItem, 'name' | 'nameEn' | 'nameAr'>, language: Language): string {
  return item.name?.trim() || localizedName(item, language);
}

export function kpiItemPath(kind: KpiKind, id: number): string | null {
  const base = PAGE_OF[kind];
  return base ? `${base}/${id}` : null;
}
