// Search and filters of the members list, kept in the address. The search only runs from
// MEMBER_SEARCH_MIN_LENGTH characters; a shorter text shows a hint and leaves the list as is.
import { useMemo, useState } from 'react';
import { Group, MultiSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MEMBER_SEARCH_MIN_LENGTH } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import { useSearchParam } from '../../../lib/url-state.ts';

const SEARCH_DELAY_MS = 300;

/** Whether a typed search is sent: empty (no search) or long enough. */
export function isSearchable(text: string): boolean {
  const length = text.trim().length;
  return length === 0 || length >= MEMBER_SEARCH_MIN_LENGTH;
}

export function MembersFilters() {
  const { t } = useTranslation();
  const projects = useAllProjectsQuery();
  const sites = useAllSitesQuery();
  const [q, setQ] = useSearchParam('q');
  const [projectParam, setProjectParam] = useSearchParam('projects');
  const [siteParam, setSiteParam] = useSearchParam('sites');
  const [search, setSearch] = useState(q);
  const applySearch = useDebouncedCallback((text: string) => {
    if (isSearchable(text)) setQ(text.trim() || null);
  }, SEARCH_DELAY_MS);

  const projectOptions = useMemo(() => (projects.data?.data ?? []).map((project) => ({ value: String(project.id), label: project.name })), [projects.data]);
  const chosenProjects = projectParam ? projectParam.split(',') : [];
  // With projects chosen, only their sites are offered.
  const siteOptions = useMemo(() => {
    const chosen = projectParam ? projectParam.split(',') : [];
    return (sites.data?.data ?? [])
      .filter((site) => chosen.length === 0 || chosen.includes(String(site.projectId)))
      .map((site) => ({ value: String(site.id), label: site.name }));
  }, [sites.data, projectParam]);

  const tooShort = !isSearchable(search);

  return (
    <Group gap="sm" mb="md" align="flex-start" wrap="wrap">
      <TextInput
        label={t('members.filters.search')}
        placeholder={t('members.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        description={tooShort ? translateMessage(MSG.memberSearchTooShort) : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        style={{ flex: '2 1 240px' }}
        maw={380}
      />
      <MultiSelect
        label={t('members.filters.projects')}
        placeholder={chosenProjects.length ? undefined : t('members.filters.allProjects')}
        clearable
        searchable
        data={projectOptions}
        value={chosenProjects}
        onChange={(value) => setProjectParam(value.join(',') || null)}
        nothingFoundMessage={t('members.filters.nothingFound')}
        style={{ flex: '1 1 200px' }}
        maw={320}
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={t('members.filters.sites')}
        placeholder={siteParam ? undefined : t('members.filters.allSites')}
        clearable
        searchable
        data={siteOptions}
        value={siteParam ? siteParam.split(',') : []}
        onChange={(value) => setSiteParam(value.join(',') || null)}
        nothingFoundMessage={t('members.filters.nothingFound')}
        style={{ flex: '1 1 200px' }}
        maw={320}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
