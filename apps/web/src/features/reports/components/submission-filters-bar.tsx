// The submissions filters: a date range in the business's time zone (with quick presets),
// projects, sites, member, task, tag and answers that arrived after a delay. Every change goes to the address (submission-filters.ts).
import { useState } from 'react';
import { Button, Checkbox, Grid, Group, Menu, MultiSelect, Paper, Select, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconChevronDown, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MemberSelect } from '../../../components/member-select.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { DATE_PRESETS, presetRange } from '../../../lib/reports/date-presets.ts';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import { useMemberQuery } from '../../../lib/session/api/get-member.ts';
import { useReportTagsQuery, useReportTasksQuery } from '../api/get-filter-options.ts';
import { hasFilters, type SubmissionFilters } from '../submission-filters.ts';

interface FiltersBarProps {
  filters: SubmissionFilters;
  onChange: (patch: Partial<SubmissionFilters>) => void;
  onClear: () => void;
}

/** Dates, projects and sites take a third of a wide row; member, task, tag, and "arrived after a delay" with Clear a quarter. */
const WIDE = { base: 12, sm: 6, lg: 4 };
const NARROW = { base: 12, sm: 6, lg: 3 };

const ids = (values: string[]) => values.map(Number).filter((value) => Number.isInteger(value) && value > 0);

export function SubmissionFiltersBar({ filters, onChange, onClear }: FiltersBarProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  const projects = useAllProjectsQuery();
  const sites = useAllSitesQuery();
  const tasks = useReportTasksQuery();
  const tags = useReportTagsQuery();
  const member = useMemberQuery(filters.member ?? 0, filters.member !== null);

  const siteOptions = (sites.data?.data ?? [])
    .filter((site) => filters.projects.length === 0 || filters.projects.includes(site.projectId))
    .map((site) => ({ value: String(site.id), label: site.name }));
  const taskOptions = (tasks.data?.data ?? []).map((task) => ({ value: String(task.id), label: localizedName(task, language) || `#${task.id}` }));
  const tagOptions = (tags.data?.data ?? []).map((tag) => ({ value: String(tag.id), label: localizedName(tag, language) }));
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  const memberName = member.data ? member.data.fullName || member.data.username : '';

  return (
    <Paper withBorder radius="md" p="md" className="reports-controls">
      <Grid gap="sm">
        <Grid.Col span={WIDE}>
          <Group gap={4} align="flex-end" wrap="nowrap">
            <DatePickerInput
              type="range"
              allowSingleDateInRange
              clearable
              label={t('reports.filters.dates')}
              placeholder={t('reports.filters.anyDate')}
              leftSection={<IconCalendar size={16} />}
              valueFormat="D MMM YYYY"
              maxDate={time.today()}
              value={draft ?? [filters.startDate, filters.endDate]}
              onChange={([start, end]) => {
                // The first click of a range only starts it; the filter changes on the second.
                if (start && !end) {
                  setDraft([start, null]);
                  return;
                }
                setDraft(null);
                onChange({ startDate: start, endDate: end });
              }}
              onDropdownClose={() => setDraft(null)}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" px="xs" aria-label={t('reports.filters.presets')} rightSection={<IconChevronDown size={14} />}>
                  {t('reports.filters.quick')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {DATE_PRESETS.map((preset) => (
                  <Menu.Item key={preset} onClick={() => onChange(presetRange(preset, time.today()))}>
                    {t(`reports.presets.${preset}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Grid.Col>
        <Grid.Col span={WIDE}>
          <MultiSelect
            label={t('reports.filters.projects')}
            placeholder={filters.projects.length ? undefined : t('reports.filters.allProjects')}
            data={(projects.data?.data ?? []).map((project) => ({ value: String(project.id), label: project.name }))}
            value={filters.projects.map(String)}
            onChange={(values) => {
              const chosen = ids(values);
              const keptSites = filters.sites.filter((siteId) => {
                const site = sites.data?.data.find((each) => each.id === siteId);
                return chosen.length === 0 || (site ? chosen.includes(site.projectId) : false);
              });
              onChange({ projects: chosen, sites: keptSites });
            }}
            searchable
            clearable
          />
        </Grid.Col>
        <Grid.Col span={WIDE}>
          <MultiSelect
            label={t('reports.filters.sites')}
            placeholder={filters.sites.length ? undefined : t('reports.filters.allSites')}
            data={siteOptions}
            value={filters.sites.map(String)}
            onChange={(values) => onChange({ sites: ids(values) })}
            searchable
            clearable
          />
        </Grid.Col>
        <Grid.Col span={NARROW}>
          <MemberSelect
            // The name arrives after a reload; the picker shows it once it is known.
            key={memberName}
            label={t('reports.filters.member')}
            placeholder={t('reports.filters.allMembers')}
            value={filters.member === null ? null : { id: filters.member, name: memberName }}
            onChange={(chosen) => onChange({ member: chosen?.id ?? null })}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={NARROW}>
          <Select
            label={t('reports.filters.task')}
            placeholder={t('reports.filters.allTasks')}
            data={taskOptions}
            value={filters.task === null ? null : String(filters.task)}
            onChange={(value) => onChange({ task: value ? Number(value) : null })}
            searchable
            clearable
          />
        </Grid.Col>
        <Grid.Col span={NARROW}>
          <Select
            label={t('reports.filters.tag')}
            placeholder={t('reports.filters.allTags')}
            data={tagOptions}
            value={filters.tag === null ? null : String(filters.tag)}
            onChange={(value) => onChange({ tag: value ? Number(value) : null })}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={NARROW}>
          <Stack gap="xs" justify="flex-end" h="100%">
            <Checkbox
              label={t('reports.filters.delayed')}
              description={t('reports.filters.delayedHint')}
              checked={filters.delayed}
              onChange={(event) => onChange({ delayed: event.currentTarget.checked })}
            />
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} />}
              onClick={onClear}
              disabled={!hasFilters(filters)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('reports.filters.clear')}
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
