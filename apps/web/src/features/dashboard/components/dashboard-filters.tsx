// The dashboard's filter bar: the date preset, then one project, site or member (choosing one
// clears the others, as the stats call takes a single one). The projects are read when their
// list is first opened (or one is chosen in the address); the sites come with the session.
import { useMemo, useState } from 'react';
import { Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DatePresetControl } from '../../../components/performance/date-preset-control.tsx';
import { MemberSelect } from '../../../components/member-select.tsx';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import { useMemberBasicInfoQuery } from '../api/get-member-basic-info.ts';
import type { DashboardFilters } from './use-dashboard-filters.ts';

export function DashboardFiltersBar({ filters }: { filters: DashboardFilters }) {
  const { t } = useTranslation();
  const { preset, setPreset, range, scope, setScope } = filters;
  const [projectsOpened, setProjectsOpened] = useState(false);
  const projects = useAllProjectsQuery(projectsOpened || scope?.param === 'project');
  const sites = useAllSitesQuery();
  const userId = scope?.param === 'user' ? scope.id : undefined;
  const member = useMemberBasicInfoQuery(userId);

  const projectOptions = useMemo(() => (projects.data?.data ?? []).map((project) => ({ value: String(project.id), label: project.name })), [projects.data]);
  const siteOptions = useMemo(() => (sites.data?.data ?? []).map((site) => ({ value: String(site.id), label: site.name })), [sites.data]);
  const chosenMember = userId === undefined ? null : { id: userId, name: member.data ? member.data.fullName || member.data.username : '' };

  const common = { clearable: true, searchable: true, comboboxProps: { withinPortal: true } } as const;

  return (
    <Paper withBorder radius="md" p="md" mb="lg">
      <Stack gap="sm">
        <DatePresetControl value={preset} range={range} onChange={setPreset} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" maw={900}>
          <Select
            {...common}
            label={t('dashboard.filters.project')}
            placeholder={t('dashboard.filters.allProjects')}
            data={projectOptions}
            value={scope?.param === 'project' ? String(scope.id) : null}
            onChange={(value) => setScope('project', value ? Number(value) : null)}
            onDropdownOpen={() => setProjectsOpened(true)}
            nothingFoundMessage={projects.isFetching ? t('app.loading') : undefined}
            error={projects.isError ? t('messages.fetchProjectsFailed') : undefined}
          />
          <Select
            {...common}
            label={t('dashboard.filters.site')}
            placeholder={t('dashboard.filters.allSites')}
            data={siteOptions}
            value={scope?.param === 'site' ? String(scope.id) : null}
            onChange={(value) => setScope('site', value ? Number(value) : null)}
            error={sites.isError ? t('messages.fetchTeamsFailed') : undefined}
          />
          <MemberSelect
            // A new chosen member (or none) starts the search text afresh.
            key={`${userId ?? 'none'}-${chosenMember?.name ?? ''}`}
            {...common}
            label={t('dashboard.filters.member')}
            placeholder={t('dashboard.filters.allMembers')}
            value={chosenMember}
            onChange={(next) => setScope('user', next ? next.id : null)}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
