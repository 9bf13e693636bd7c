// The report date filter: yesterday, last two days, last three days, last week, last month, with
// the dates it stands for in the business's time zone written underneath. A phone gets a select,
// as the five choices do not fit its width.
import { NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { DATE_PRESETS, toDatePreset, type DatePreset, type DateRange } from '../../lib/reports/date-presets.ts';
import { Segments } from '../segments.tsx';
import { formatDay } from './format-day.ts';

interface DatePresetControlProps {
  value: DatePreset;
  range: DateRange;
  onChange: (preset: DatePreset) => void;
}

export function DatePresetControl({ value, range, onChange }: DatePresetControlProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  // Read at once rather than after the first paint: a phone should not draw (and measure) the
  // segmented control only to swap it for the select. Asked as a minimum width, so that where no
  // screen is known (the server drawing a phone's first screen, app/first-screen.ts) it is the
  // phone's select.
  const wide = useMediaQuery('(min-width: 36em)', undefined, { getInitialValueInEffect: false });
  const from = formatDay(range.startDate, language);
  const to = formatDay(range.endDate, language);
  const data = DATE_PRESETS.map((preset) => ({ value: preset, label: t(`performance.presets.${preset}`) }));
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      {!wide ? (
        <NativeSelect
          label={t('performance.presets.label')}
          data={data}
          value={value}
          onChange={(event) => onChange(toDatePreset(event.currentTarget.value))}
        />
      ) : (
        <Segments label={t('performance.presets.label')} value={value} onChange={onChange} data={data} style={{ alignSelf: 'flex-start' }} />
      )}
      <Text size="xs" c="dimmed" data-testid="report-range">
        {from === to ? from : t('performance.presets.range', { from, to })}
      </Text>
    </Stack>
  );
}
