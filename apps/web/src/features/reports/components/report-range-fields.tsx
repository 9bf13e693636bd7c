// The filters every report view shares, kept in the address (submission-filters.ts): a date range
// in the business's time zone with its quick presets, the projects, and the sites (only the
// chosen projects' sites are offered, and choosing projects drops sites outside them).
import { useState, type CSSProperties } from 'react';
import { Button, Group, Menu, MultiSelect } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { DATE_PRESETS, presetRange } from '../../../lib/reports/date-presets.ts';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import type { SubmissionFilters } from '../submission-filters.ts';

type RangeFilters = Pick<SubmissionFilters, 'startDate' | 'endDate' | 'projects' | 'sites'>;

interface FieldProps {
  filters: RangeFilters;
  onChange: (patch: Partial<RangeFilters>) => void;
}

const ids = (values: string[]) => values.map(Number).filter((value) => Number.isInteger(value) && value > 0);

/** The date range, with the presets beside it; `placeholder` says what no range means for the view. */
export function DateRangeField({ filters, onChange, placeholder }: FieldProps & { placeholder: string }) {
  const { t } = useTranslation();
  const time = useBusinessTime();
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        clearable
        label={t('reports.filters.dates')}
        placeholder={placeholder}
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
  );
}

export function ProjectsField({ filters, onChange }: FieldProps) {
  const { t } = useTranslation();
  const projects = useAllProjectsQuery();
  const sites = useAllSitesQuery();
  return (
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
  );
}

export function SitesField({ filters, onChange, style }: FieldProps & { style?: CSSProperties }) {
  const { t } = useTranslation();
  const sites = useAllSitesQuery();
  const siteOptions = (sites.data?.data ?? [])
    .filter((site) => filters.projects.length === 0 || filters.projects.includes(site.projectId))
    .map((site) => ({ value: String(site.id), label: site.name }));
  return (
    <MultiSelect
      label={t('reports.filters.sites')}
      placeholder={filters.sites.length ? undefined : t('reports.filters.allSites')}
      data={siteOptions}
      value={filters.sites.map(String)}
      onChange={(values) => onChange({ sites: ids(values) })}
      searchable
      clearable
      style={style}
    />
  );
}
