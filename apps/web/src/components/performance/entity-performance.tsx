// The Performance tab of a project, site, member or task page: its own date filter, the
// entity's rank, its completion rate by day, the best and worst of what it is made of
// (a project's sites and members, a site's members, a member's tasks, a task's members and
// sites) and how its schedules are spread across them.
import { SimpleGrid, Stack } from '@mantine/core';
import type { KpiKind } from '@fieldops/shared/reports';
import { useDatePreset } from '../../lib/reports/date-presets.ts';
import type { ReportFilter } from '../../lib/reports/report-filter.ts';
import { CompletionChartCard } from './completion-chart-card.tsx';
import { DatePresetControl } from './date-preset-control.tsx';
import { KpiListCard } from './kpi-list-card.tsx';
import { LoadChartCard } from './load-chart-card.tsx';
import { StandingCard } from './standing-card.tsx';

export type PerformanceEntity = 'projects' | 'teams' | 'members' | 'tasks';

/** The best and worst lists under each entity, and the kind its load is spread across. */
const PARTS: Record<PerformanceEntity, { lists: readonly KpiKind[]; load: KpiKind }> = {
  projects: { lists: ['teams', 'members'], load: 'teams' },
  teams: { lists: ['members', 'tasks'], load: 'members' },
  // A member's tasks, and how their schedules are spread across sites.
  members: { lists: ['tasks', 'teams'], load: 'teams' },
  tasks: { lists: ['members', 'teams'], load: 'members' },
};

/** The report filter that narrows every call to the entity. */
export function entityFilter(entity: PerformanceEntity, id: number): Omit<ReportFilter, 'startDate' | 'endDate'> {
  switch (entity) {
    case 'projects':
      return { projects: [id] };
    case 'teams':
      return { teams: [id] };
    case 'members':
      return { users: [id] };
    case 'tasks':
      return { task: id };
  }
}

export function EntityPerformance({ entity, id }: { entity: PerformanceEntity; id: number }) {
  const { preset, range, setPreset } = useDatePreset();
  const filter: ReportFilter = { ...range, ...entityFilter(entity, id) };
  const { lists, load } = PARTS[entity];
  return (
    <Stack gap="lg">
      <DatePresetControl value={preset} range={range} onChange={setPreset} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <StandingCard kind={entity} entityId={id} range={range} />
        <CompletionChartCard filter={filter} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {lists.map((kind) => (
          <KpiListCard key={kind} kind={kind} filter={filter} />
        ))}
      </SimpleGrid>
      <LoadChartCard kind={load} filter={filter} />
    </Stack>
  );
}
