// Filters of the sites list: project and a search on the name, both kept in the address.
import { useMemo, useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useSearchParam } from '../../../lib/url-state.ts';

const SEARCH_DELAY_MS = 300;

export function SitesFilters() {
  const { t } = useTranslation();
  const projects = useAllProjectsQuery();
  const [project, setProject] = useSearchParam('project');
  const [q, setQ] = useSearchParam('q');
  const [search, setSearch] = useState(q);
  const applySearch = useDebouncedCallback((value: string) => setQ(value.trim() || null), SEARCH_DELAY_MS);

  const options = useMemo(() => (projects.data?.data ?? []).map((item) => ({ value: String(item.id), label: item.name })), [projects.data]);

  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        label={t('sites.filters.search')}
        placeholder={t('sites.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        style={{ flex: '1 1 220px' }}
        maw={360}
      />
      <Select
        label={t('sites.filters.project')}
        placeholder={t('sites.filters.allProjects')}
        clearable
        searchable
        data={options}
        value={project || null}
        onChange={(value) => setProject(value)}
        nothingFoundMessage={t('sites.form.noProjects')}
        style={{ flex: '1 1 200px' }}
        maw={300}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
