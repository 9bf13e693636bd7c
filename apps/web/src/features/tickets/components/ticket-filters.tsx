// Search and filters of the tickets, kept in the address: status (list only), priority,
// category, assignee, project and site (the sites offered follow the chosen project).
import { useMemo, useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '@fieldops/shared/enums';
import { MemberSelect } from '../../../components/member-select.tsx';
import { useTicketCategoriesQuery } from '../../../lib/helpdesk/get-ticket-categories.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import { useSearchParam } from '../../../lib/url-state.ts';
import { useUsersByIdsQuery } from '../api/get-users-by-ids.ts';
import { useClearTicketFilters, useTicketFilters } from './use-ticket-filters.ts';

const SEARCH_DELAY_MS = 300;
const FILTER_WIDTH = { flex: '1 1 150px', maxWidth: 240 };

export function TicketFiltersBar({ showStatus }: { showStatus: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [, setParams] = useSearchParams();
  const { filters, status, narrowed } = useTicketFilters();
  const [q, setQ] = useSearchParam('q');
  const [, setStatus] = useSearchParam('status');
  const [, setPriority] = useSearchParam('priority');
  const [, setCategory] = useSearchParam('category');
  const [, setAgent] = useSearchParam('agent');
  const [, setSite] = useSearchParam('site');
  const [search, setSearch] = useState(q);
  // The address can change under the input (filters cleared elsewhere, back button).
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== search.trim()) setSearch(q);
  }
  const applySearch = useDebouncedCallback((text: string) => setQ(text.trim() || null), SEARCH_DELAY_MS);

  const categories = useTicketCategoriesQuery();
  const projects = useAllProjectsQuery();
  const sites = useAllSitesQuery();
  const agentIds = filters.agentId ? [Number(filters.agentId)] : [];
  const agents = useUsersByIdsQuery(agentIds);
  const agent = agents.data?.find((user) => user.id === Number(filters.agentId));

  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((category) => ({ value: String(category.id), label: localizedName(category, language) })),
    [categories.data, language],
  );
  const projectOptions = useMemo(() => (projects.data?.data ?? []).map((project) => ({ value: String(project.id), label: project.name })), [projects.data]);
  const siteOptions = useMemo(
    () =>
      (sites.data?.data ?? [])
        .filter((site) => !filters.projectId || site.projectId === Number(filters.projectId))
        .map((site) => ({ value: String(site.id), label: site.name })),
    [sites.data, filters.projectId],
  );

  const clearFilters = useClearTicketFilters();
  const clear = () => {
    setSearch('');
    clearFilters();
  };

  const common = { clearable: true, comboboxProps: { withinPortal: true }, style: FILTER_WIDTH } as const;

  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        label={t('tickets.filters.search')}
        placeholder={t('tickets.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        style={{ flex: '2 1 200px', maxWidth: 340 }}
      />
      {showStatus ? (
        <Select
          {...common}
          label={t('tickets.fields.status')}
          placeholder={t('tickets.filters.allStatuses')}
          data={TICKET_STATUSES.map((value) => ({ value, label: t(`tickets.status.${value}`) }))}
          value={status ?? null}
          onChange={(value) => setStatus(value)}
        />
      ) : null}
      <Select
        {...common}
        label={t('tickets.fields.priority')}
        placeholder={t('tickets.filters.allPriorities')}
        data={TICKET_PRIORITIES.map((value) => ({ value, label: t(`tickets.priority.${value}`) }))}
        value={filters.priority ?? null}
        onChange={(value) => setPriority(value)}
      />
      <Select
        {...common}
        label={t('tickets.fields.category')}
        placeholder={t('tickets.filters.allCategories')}
        data={categoryOptions}
        value={filters.categoryId ? String(filters.categoryId) : null}
        onChange={(value) => setCategory(value)}
      />
      <MemberSelect
        key={agent?.id ?? 'none'}
        {...common}
        label={t('tickets.fields.assignee')}
        placeholder={t('tickets.filters.anyAssignee')}
        value={agent ? { id: agent.id, name: agent.fullName || agent.username } : null}
        onChange={(member) => setAgent(member ? String(member.id) : null)}
      />
      <Select
        {...common}
        searchable
        label={t('tickets.fields.project')}
        placeholder={t('tickets.filters.allProjects')}
        data={projectOptions}
        value={filters.projectId ? String(filters.projectId) : null}
        nothingFoundMessage={t('tickets.nothingFound')}
        onChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value) next.set('project', value);
              else next.delete('project');
              // A site of another project would hide every ticket.
              if (value) next.delete('site');
              next.delete('page');
              return next;
            },
            { replace: true },
          )
        }
      />
      <Select
        {...common}
        searchable
        label={t('tickets.fields.site')}
        placeholder={t('tickets.filters.allSites')}
        data={siteOptions}
        value={filters.teamId ? String(filters.teamId) : null}
        nothingFoundMessage={t('tickets.nothingFound')}
        onChange={(value) => setSite(value)}
      />
      {narrowed ? (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={clear}>
          {t('tickets.filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
