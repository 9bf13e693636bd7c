// The submissions filters: a date range in the business's time zone (with quick presets),
// projects, sites, member, task, tag and answers that arrived after a delay. Every change goes to the address (submission-filters.ts).
import { Button, Checkbox, Grid, Paper, Select, Stack } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MemberSelect } from '../../../components/member-select.tsx';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useMemberQuery } from '../../../lib/session/api/get-member.ts';
import { useReportTagsQuery, useReportTasksQuery } from '../api/get-filter-options.ts';
import { hasFilters, type SubmissionFilters } from '../submission-filters.ts';
import { DateRangeField, ProjectsField, SitesField } from './report-range-fields.tsx';

interface FiltersBarProps {
  filters: SubmissionFilters;
  onChange: (patch: Partial<SubmissionFilters>) => void;
  onClear: () => void;
}

/** Dates, projects and sites take a third of a wide row; member, task, tag, and "arrived after a delay" with Clear a quarter. */
const WIDE = { base: 12, sm: 6, lg: 4 };
const NARROW = { base: 12, sm: 6, lg: 3 };

export function SubmissionFiltersBar({ filters, onChange, onClear }: FiltersBarProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const tasks = useReportTasksQuery();
  const tags = useReportTagsQuery();
  const member = useMemberQuery(filters.member ?? 0, filters.member !== null);

  const taskOptions = (tasks.data?.data ?? []).map((task) => ({ value: String(task.id), label: localizedName(task, language) || `#${task.id}` }));
  const tagOptions = (tags.data?.data ?? []).map((tag) => ({ value: String(tag.id), label: localizedName(tag, language) }));
  const memberName = member.data ? member.data.fullName || member.data.username : '';

  return (
    <Paper withBorder radius="md" p="md" className="reports-controls">
      <Grid gap="sm">
        <Grid.Col span={WIDE}>
          <DateRangeField filters={filters} onChange={onChange} placeholder={t('reports.filters.anyDate')} />
        </Grid.Col>
        <Grid.Col span={WIDE}>
          <ProjectsField filters={filters} onChange={onChange} />
        </Grid.Col>
        <Grid.Col span={WIDE}>
          <SitesField filters={filters} onChange={onChange} />
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
