// Options of the ticket pickers: categories in the current language, priorities, projects and
// the sites of the chosen project (every site when no project is chosen).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_PRIORITIES } from '@fieldops/shared/enums';
import { useTicketCategoriesQuery } from '../../../lib/helpdesk/get-ticket-categories.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';

export function useTicketOptions(projectId: number | null) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const categories = useTicketCategoriesQuery();
  const projects = useAllProjectsQuery();
  const sites = useAllSitesQuery();

  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((category) => ({ value: String(category.id), label: localizedName(category, language) })),
    [categories.data, language],
  );
  const priorityOptions = useMemo(
    // `t` changes with the language, so the labels follow it.
    () => TICKET_PRIORITIES.map((value) => ({ value, label: t(`tickets.priority.${value}`) })),
    [t],
  );
  const projectOptions = useMemo(() => (projects.data?.data ?? []).map((project) => ({ value: String(project.id), label: project.name })), [projects.data]);
  const siteOptions = useMemo(
    () =>
      (sites.data?.data ?? [])
        .filter((site) => projectId === null || site.projectId === projectId)
        .map((site) => ({ value: String(site.id), label: site.name })),
    [sites.data, projectId],
  );
  /** The project a site belongs to, so choosing a site first fills the project. */
  const projectOfSite = (siteId: number) => sites.data?.data.find((site) => site.id === siteId)?.projectId ?? null;

  return {
    categoryOptions,
    priorityOptions,
    projectOptions,
    siteOptions,
    projectOfSite,
    loading: categories.isPending || projects.isPending || sites.isPending,
  };
}
