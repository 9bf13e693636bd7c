// The SLA view's filters: a date range in the business's time zone (with quick presets), projects
// and sites, kept in the address like the answers' (submission-filters.ts), so switching between
// the views keeps them.
import { Button, Grid, Group, Paper } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubmissionFilters } from '../submission-filters.ts';
import { DateRangeField, ProjectsField, SitesField } from './report-range-fields.tsx';

interface SlaFiltersBarProps {
  filters: SubmissionFilters;
  onChange: (patch: Partial<SubmissionFilters>) => void;
  onClear: () => void;
}

const SPAN = { base: 12, sm: 6, lg: 4 };

export function SlaFiltersBar({ filters, onChange, onClear }: SlaFiltersBarProps) {
  const { t } = useTranslation();
  const narrowed = filters.startDate !== null || filters.endDate !== null || filters.projects.length > 0 || filters.sites.length > 0;

  return (
    <Paper withBorder radius="md" p="md" className="reports-controls" data-no-capture="true">
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={SPAN}>
          <DateRangeField filters={filters} onChange={onChange} placeholder={t('reports.sla.lastDays')} />
        </Grid.Col>
        <Grid.Col span={SPAN}>
          <ProjectsField filters={filters} onChange={onChange} />
        </Grid.Col>
        <Grid.Col span={SPAN}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <SitesField filters={filters} onChange={onChange} style={{ flex: 1, minWidth: 0 }} />
            <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onClear} disabled={!narrowed}>
              {t('reports.filters.clear')}
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
