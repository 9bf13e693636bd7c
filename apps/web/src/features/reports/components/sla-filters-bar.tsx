// The SLA view's filters: a date range in the business's time zone (with quick presets), projects
// and sites, kept in the address like the answers' (submission-filters.ts), so switching between
// the views keeps them.
import { useState } from 'react';
import { Button, Grid, Group, Menu, MultiSelect, Paper } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconChevronDown, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { DATE_PRESETS, presetRange } from '../../../lib/reports/date-presets.ts';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import type { SubmissionFilters } from '../submission-filters.ts';

interface SlaFiltersBarProps {
  filters: SubmissionFilters;
  onChange: (patch: Partial<SubmissionFilters>) => void;
  onClear: () => void;
}

const SPAN = { base: 12, sm: 6, lg: 4 };
const ids = (values: string[]) => values.map(Number).filter((value) => Number.isInteger(value) && value > 0);

export function SlaFiltersBar({ filters, onChange, onClear }: SlaFiltersBarProps) {
  const { t } = useTranslation();
  const time = useBusinessTime();
  const projects = useAllProjectsQuery();
  const sites = useAllSitesQuery();
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  const siteOptions = (sites.data?.data ?? [])
    .filter((site) => filters.projects.length === 0 || filters.projects.includes(site.projectId))
    .map((site) => ({ value: String(site.id), label: site.name }));
  const narrowed = filters.startDate !== null || filters.endDate !== null || filters.projects.length > 0 || filters.sites.length > 0;

  return (
    <Paper withBorder radius="md" p="md" className="reports-controls" data-no-capture="true">
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={SPAN}>
          <Group gap={4} align="flex-end" wrap="nowrap">
            <DatePickerInput
              type="range"
              allowSingleDateInRange
              clearable
              label={t('reports.filters.dates')}
              placeholder={t('reports.sla.lastDays')}
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
        <Grid.Col span={SPAN}>
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
        <Grid.Col span={SPAN}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <MultiSelect
              label={t('reports.filters.sites')}
              placeholder={filters.sites.length ? undefined : t('reports.filters.allSites')}
              data={siteOptions}
              value={filters.sites.map(String)}
              onChange={(values) => onChange({ sites: ids(values) })}
              searchable
              clearable
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onClear} disabled={!narrowed}>
              {t('reports.filters.clear')}
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
