// How a ranked entity is named and where its page is: members, sites and projects have a name;
// tasks (and plans) their task's name in the current language, falling back to the other.
import type { KpiItem, KpiKind } from '@fieldops/shared/reports';
import type { Language } from '../i18n/language.ts';
import { localizedName } from '../localized.ts';
import { paths } from '../paths.ts';

/** The kinds that have a page of their own, with the address of one item's page. */
const PAGE_OF: Partial<Record<KpiKind, (id: number) => string>> = {
  members: (id) => paths.member(id),
  teams: (id) => paths.site(id),
  projects: (id) => paths.project(id),
  tasks: (id) => paths.task(id),
};

export function kpiItemName(item: Pick<KpiItem, 'name' | 'nameEn' | 'nameAr'>, language: Language): string {
  return item.name?.trim() || localizedName(item, language);
}

export function kpiItemPath(kind: KpiKind, id: number): string | null {
  const page = PAGE_OF[kind];
  return page ? page(id) : null;
}
