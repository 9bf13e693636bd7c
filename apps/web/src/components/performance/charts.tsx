// The chart drawings (the charting library is heavy: this module is only loaded, through
// lazy-charts.tsx, on screens that draw a chart). The charts draw left to right; in Arabic the
// axes are mirrored by hand (time and bars run from the right, the value axis on the right).
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import type { KpiItem, KpiKind, PerformancePoint } from '@fieldops/shared/reports';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { directionOf } from '../../lib/i18n/language.ts';
import { kpiItemName } from '../../lib/reports/kpi-entities.ts';
import { formatDay } from './format-day.ts';

const TICK = { fontSize: 12, fill: 'currentColor' };
/** Names longer than this are cut on the axis; the tooltip shows them whole. */
const AXIS_NAME_LENGTH = 16;
const BAR_ROW_HEIGHT = 34;

function shorten(text: string, length = AXIS_NAME_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length - 1).join('')}…` : text;
}

function useChartDirection() {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const rtl = directionOf(language) === 'rtl';
  return {
    language,
    rtl,
    // Tooltip and legend are HTML: they follow the reading direction.
    styles: { tooltip: { direction: rtl ? 'rtl' : 'ltr' }, legend: { direction: rtl ? 'rtl' : 'ltr' } } as const,
    valueAxis: {
      orientation: rtl ? ('right' as const) : ('left' as const),
      tick: { ...TICK, transform: rtl ? 'translate(10, 0)' : 'translate(-10, 0)' },
    },
  };
}

export interface CompletionChartProps {
  points: readonly PerformancePoint[];
}

/** Completion rate by day; days without schedules have no rate and are bridged. */
export function CompletionChart({ points }: CompletionChartProps) {
  const { t } = useTranslation();
  const { language, rtl, styles, valueAxis } = useChartDirection();
  const data = points.map((point) => ({
    day: formatDay(point.date, language, false),
    rate: point.total > 0 ? point.completionRate : null,
  }));
  return (
    <AreaChart
      h={260}
      data={data}
      dataKey="day"
      series={[{ name: 'rate', label: t('performance.completionRate'), color: 'indigo.6' }]}
      curveType="monotone"
      connectNulls
      withDots={data.length <= 31}
      valueFormatter={(value) => formatPercent(value, language)}
      yAxisProps={{ ...valueAxis, domain: [0, 100], width: 56 }}
      xAxisProps={{ reversed: rtl }}
      styles={styles}
      data-testid="completion-chart"
    />
  );
}

export interface LoadChartProps {
  kind: KpiKind;
  items: readonly KpiItem[];
}

/** Schedules per entity as horizontal bars, split into done, missed and still open. */
export function LoadChart({ items }: LoadChartProps) {
  const { t } = useTranslation();
  const { language, rtl, styles, valueAxis } = useChartDirection();
  const data = items.map((item) => ({
    name: kpiItemName(item, language) || t('performance.unnamed'),
    done: item.done,
    missed: item.missed,
    open: item.pending + item.inProgress,
  }));
  return (
    <BarChart
      h={Math.max(140, data.length * BAR_ROW_HEIGHT + 70)}
      data={data}
      dataKey="name"
      type="stacked"
      orientation="vertical"
      withLegend
      series={[
        { name: 'done', label: t('performance.status.done'), color: 'teal.6' },
        { name: 'missed', label: t('performance.status.missed'), color: 'red.6' },
        { name: 'open', label: t('performance.status.open'), color: 'gray.5' },
      ]}
      valueFormatter={(value) => formatNumber(value, language)}
      yAxisProps={{ ...valueAxis, width: 120, tickFormatter: (value: string) => shorten(value) }}
      xAxisProps={{ reversed: rtl, allowDecimals: false }}
      gridAxis="y"
      maxBarWidth={22}
      styles={styles}
      data-testid="load-chart"
    />
  );
}
