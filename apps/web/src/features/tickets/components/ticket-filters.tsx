// Search and filters of the tickets, kept in the address: status (list only), priority, SLA
// (breached or due soon), category, assignee, project and site (the sites offered follow the chosen project). On a narrow
// screen the search stays and the filters fold behind a "Filters" button (open when one of them
// is set): a phone's first screen of the board then draws one field instead of six pickers, and
// asks for their options only once they are shown.
import { useId, useMemo, useState } from 'react';
import { Button, Group, Select, TextInput, useMantineTheme } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
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
import { useClearTicketFilters, useTicketFilters, type TicketFilterState } from './use-ticket-filters.ts';

const SEARCH_DELAY_MS = 300;
const FILTER_WIDTH = { flex: '1 1 150px', maxWidth: 240 };

export function TicketFiltersBar({ showStatus }: { showStatus: boolean }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  // Read at once, not after the first render: on the server (a phone's first screen) it is false,
  // as on a phone.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, undefined, { getInitialValueInEffect: false });
  const state = useTicketFilters();
  const { filters, status, narrowed } = state;
  const [q, setQ] = useSearchParam('q');
  const [search, setSearch] = useState(q);
  // The address can change under the input (filters cleared elsewhere, back button).
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== search.trim()) setSearch(q);
  }
  const applySearch = useDebouncedCallback((text: string) => setQ(text.trim() || null), SEARCH_DELAY_MS);
  // The filters set besides the search (the status only where it is offered).
  const chosen = Object.keys(filters).filter((name) => name !== 'searchKey').length + (showStatus && status ? 1 : 0);
  const [unfolded, setUnfolded] = useState(chosen > 0);
  const fieldsId = useId();

  const clearFilters = useClearTicketFilters();
  const clear = () => {
    setSearch('');
    clearFilters();
  };

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
      {wide ? null : (
        <Button
          variant={unfolded ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          aria-expanded={unfolded}
          aria-controls={unfolded ? fieldsId : undefined}
          onClick={() => setUnfolded((open) => !open)}
        >
          {chosen > 0 ? t('tickets.filters.moreActive', { count: chosen }) : t('tickets.filters.more')}
        </Button>
      )}
      {wide || unfolded ? <FilterFields id={fieldsId} state={state} showStatus={showStatus} /> : null}
      {narrowed ? (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={clear}>
          {t('tickets.filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}

/** The pickers, with the options they offer (asked for once they are shown). */
function FilterFields({ id, state, showStatus }: { id: string; state: TicketFilterState; showStatus: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [, setParams] = useSearchParams();
  const { filters, status } = state;
  const [, setStatus] = useSearchParam('status');
  const [, setPriority] = useSearchParam('priority');
  const [, setSla] = useSearchParam('sla');
  const [, setCategory] = useSearchParam('category');
  const [, setAgent] = useSearchParam('agent');
  const [, setSite] = useSearchParam('site');

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

  const common = { clearable: true, comboboxProps: { withinPortal: true }, style: FILTER_WIDTH } as const;

  return (
    // The group's children sit in the bar's own row (display: contents), as when they were its own.
    <div id={id} style={{ display: 'contents' }}>
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
        label={t('tickets.sla.filter')}
        placeholder={t('tickets.sla.any')}
        data={(['BREACHED', 'DUE_SOON'] as const).map((value) => ({ value, label: t(`tickets.sla.${value}`) }))}
        value={filters.sla ?? null}
        onChange={(value) => setSla(value)}
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
    </div>
  );
}
