// The two report charts, drawn by the app itself (a charting library cost a phone more to fetch
// and run than the whole rest of the dashboard). Both follow the reading direction: in Arabic,
// time and bars run from the right and the value axis stands on the right. Each carries its
// figures as text for screen readers.
import { useState, type PointerEvent } from 'react';
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { KpiItem, KpiKind, PerformancePoint } from '@fieldops/shared/reports';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { directionOf } from '../../lib/i18n/language.ts';
import { kpiItemName } from '../../lib/reports/kpi-entities.ts';
import { formatDay } from './format-day.ts';
import { valueTicks } from './ticks.ts';

/** Names longer than this are cut beside the bars; the row's title shows them whole. */
const AXIS_NAME_LENGTH = 16;
const CHART_HEIGHT = 260;
/** Drawn before the first measurement (and where nothing can be measured). */
const DEFAULT_WIDTH = 600;
const MARGIN = { top: 12, bottom: 28, value: 48, end: 14 };
/** At most one day label per this many pixels. */
const DAY_LABEL_SPACING = 72;

function shorten(text: string, length = AXIS_NAME_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length - 1).join('')}…` : text;
}

function useLanguage() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return { t, language, rtl: directionOf(language) === 'rtl' };
}

export interface CompletionChartProps {
  points: readonly PerformancePoint[];
}

const RATE_COLOR = 'var(--mantine-color-indigo-6)';
const SCORE_COLOR = 'var(--mantine-color-orange-6)';

/**
 * Completion rate by day, as an area; days without schedules have no rate and are bridged. Where
 * any schedule of the range was scored, the average score by day runs beside it as a dashed line
 * (days without a score bridged too), with a legend.
 */
export function CompletionChart({ points }: CompletionChartProps) {
  const { t, language, rtl } = useLanguage();
  const { ref, width: measured } = useElementSize();
  const [active, setActive] = useState<number | null>(null);
  const width = measured > 0 ? measured : DEFAULT_WIDTH;
  const plotWidth = Math.max(1, width - MARGIN.value - MARGIN.end);
  const plotHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;

  const days = points.map((point) => ({
    label: formatDay(point.date, language, false),
    rate: point.total > 0 ? point.completionRate : null,
    score: point.averageScore,
  }));
  const scored = days.flatMap((day, index) => (day.score === null ? [] : [{ index, rate: day.score }]));
  const scoring = scored.length > 0;
  const step = days.length > 1 ? plotWidth / (days.length - 1) : 0;
  // Along the reading direction: from the left in English, from the right in Arabic.
  const xOf = (index: number) => {
    const along = days.length > 1 ? index * step : plotWidth / 2;
    return rtl ? MARGIN.end + plotWidth - along : MARGIN.value + along;
  };
  const yOf = (rate: number) => MARGIN.top + plotHeight * (1 - rate / 100);
  const plotLeft = rtl ? MARGIN.end : MARGIN.value;
  const plotRight = plotLeft + plotWidth;

  const known = days.flatMap((day, index) => (day.rate === null ? [] : [{ index, rate: day.rate }]));
  const pathOf = (values: { index: number; rate: number }[]) =>
    values.map((p, i) => `${i === 0 ? 'M' : 'L'}${xOf(p.index).toFixed(1)},${yOf(p.rate).toFixed(1)}`).join('');
  const line = pathOf(known);
  const scoreLine = pathOf(scored);
  const baseline = yOf(0);
  const first = known.at(0);
  const last = known.at(-1);
  const area = first && last ? `${line}L${xOf(last.index).toFixed(1)},${baseline}L${xOf(first.index).toFixed(1)},${baseline}Z` : '';
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(plotWidth / DAY_LABEL_SPACING))));

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (days.length === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const along = rtl ? MARGIN.end + plotWidth - x : x - MARGIN.value;
    const index = step > 0 ? Math.round(along / step) : 0;
    setActive(Math.min(days.length - 1, Math.max(0, index)));
  };
  const shown = active === null ? null : days[active];

  const scoreOf = (score: number | null) => (score === null ? t('performance.noData') : formatPercent(score, language));

  return (
    <>
      {scoring && (
        <Group gap="md" justify="center" mb="xs" aria-hidden data-testid="completion-legend">
          {[
            { key: 'completionRate', color: RATE_COLOR, dashed: false },
            { key: 'averageScore', color: SCORE_COLOR, dashed: true },
          ].map((entry) => (
            <Group key={entry.key} gap={6} wrap="nowrap">
              <Box w={16} h={0} style={{ borderTop: `2px ${entry.dashed ? 'dashed' : 'solid'} ${entry.color}` }} />
              <Text fz="xs">{t(`performance.${entry.key}`)}</Text>
            </Group>
          ))}
        </Group>
      )}
      <Box ref={ref} pos="relative" h={CHART_HEIGHT} data-testid="completion-chart">
        <svg
          width={width}
          height={CHART_HEIGHT}
          role="img"
          aria-label={t(scoring ? 'performance.completionAndScoreOverTime' : 'performance.completionOverTime')}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
          style={{ display: 'block', overflow: 'visible', touchAction: 'pan-y' }}
        >
          {[0, 25, 50, 75, 100].map((rate) => (
            <g key={rate}>
              <line
                x1={plotLeft}
                x2={plotRight}
                y1={yOf(rate)}
                y2={yOf(rate)}
                stroke="var(--mantine-color-gray-3)"
                strokeDasharray={rate === 0 ? undefined : '4 4'}
              />
              <text x={rtl ? plotRight + 8 : plotLeft - 8} y={yOf(rate)} dy="0.32em" textAnchor={rtl ? 'start' : 'end'} fontSize={12} fill="currentColor">
                {formatPercent(rate, language)}
              </text>
            </g>
          ))}
          {area && <path d={area} fill={RATE_COLOR} fillOpacity={0.15} />}
          {line && <path d={line} fill="none" stroke={RATE_COLOR} strokeWidth={2} strokeLinejoin="round" />}
          {days.length <= 31 && known.map((p) => <circle key={p.index} cx={xOf(p.index)} cy={yOf(p.rate)} r={3} fill={RATE_COLOR} />)}
          {scoreLine && (
            <path d={scoreLine} fill="none" stroke={SCORE_COLOR} strokeWidth={2} strokeDasharray="6 4" strokeLinejoin="round" data-testid="score-line" />
          )}
          {days.length <= 31 && scored.map((p) => <circle key={p.index} cx={xOf(p.index)} cy={yOf(p.rate)} r={3} fill={SCORE_COLOR} />)}
          {days.map((day, index) =>
            index % labelEvery === 0 ? (
              <text key={index} x={xOf(index)} y={CHART_HEIGHT - 8} textAnchor="middle" fontSize={12} fill="currentColor">
                {day.label}
              </text>
            ) : null,
          )}
          {shown && active !== null && <line x1={xOf(active)} x2={xOf(active)} y1={MARGIN.top} y2={baseline} stroke="var(--mantine-color-gray-5)" />}
        </svg>
        {shown && active !== null && (
          <Box
            pos="absolute"
            top={0}
            style={{
              insetInlineStart: rtl ? width - xOf(active) : xOf(active),
              transform: `translateX(${rtl ? '50%' : '-50%'})`,
              pointerEvents: 'none',
            }}
            bg="var(--mantine-color-body)"
            bd="1px solid var(--mantine-color-gray-3)"
            px="xs"
            py={4}
            fz="sm"
            data-testid="chart-tooltip"
          >
            <Text fz="sm" fw={600}>
              {shown.label}
            </Text>
            <Text fz="sm">
              {t('performance.completionRate')}: {shown.rate === null ? t('performance.noData') : formatPercent(shown.rate, language)}
            </Text>
            {scoring && (
              <Text fz="sm">
                {t('performance.averageScore')}: {scoreOf(shown.score)}
              </Text>
            )}
          </Box>
        )}
        <VisuallyHidden>
          <table>
            <tbody>
              {days.map((day, index) => (
                <tr key={index}>
                  <th scope="row">{day.label}</th>
                  <td>{day.rate === null ? t('performance.noData') : formatPercent(day.rate, language)}</td>
                  {scoring && <td>{t('performance.averageScoreOf', { value: scoreOf(day.score) })}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Box>
    </>
  );
}

export interface LoadChartProps {
  kind: KpiKind;
  items: readonly KpiItem[];
}

const SEGMENTS = [
  { key: 'done', color: 'var(--mantine-color-teal-6)' },
  { key: 'late', color: 'var(--mantine-color-orange-6)' },
  { key: 'missed', color: 'var(--mantine-color-red-6)' },
  { key: 'open', color: 'var(--mantine-color-gray-5)' },
] as const;

/** Schedules per entity as horizontal bars, split into done, late, missed and still open. */
export function LoadChart({ items }: LoadChartProps) {
  const { t, language, rtl } = useLanguage();
  const rows = items.map((item) => ({
    name: kpiItemName(item, language) || t('performance.unnamed'),
    done: item.done,
    late: item.late,
    missed: item.missed,
    open: item.pending + item.inProgress,
  }));
  const ticks = valueTicks(Math.max(1, ...rows.map((row) => row.done + row.late + row.missed + row.open)));
  const max = ticks.at(-1) ?? 1;
  const describe = (row: (typeof rows)[number]) => SEGMENTS.map((s) => `${t(`performance.status.${s.key}`)}: ${formatNumber(row[s.key], language)}`).join(', ');

  return (
    <Box data-testid="load-chart">
      <Group gap="md" mb="xs" justify="center" aria-hidden>
        {SEGMENTS.map((segment) => (
          <Group key={segment.key} gap={6} wrap="nowrap">
            <Box w={12} h={12} bg={segment.color} style={{ borderRadius: 2 }} />
            <Text fz="sm">{t(`performance.status.${segment.key}`)}</Text>
          </Group>
        ))}
      </Group>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((row, index) => (
          <Box
            component="li"
            key={index}
            title={`${row.name} — ${describe(row)}`}
            style={{ display: 'grid', gridTemplateColumns: '120px 1fr', alignItems: 'center', columnGap: 8, height: 34 }}
            data-testid="load-row"
          >
            <Text fz="xs" ta="end" truncate aria-hidden>
              {shorten(row.name)}
            </Text>
            <VisuallyHidden>{`${row.name}: ${describe(row)}`}</VisuallyHidden>
            <Box style={{ display: 'flex', height: 22 }} aria-hidden>
              {SEGMENTS.map((segment) =>
                row[segment.key] > 0 ? <Box key={segment.key} h="100%" bg={segment.color} style={{ width: `${(row[segment.key] / max) * 100}%` }} /> : null,
              )}
            </Box>
          </Box>
        ))}
      </Box>
      <Box style={{ display: 'grid', gridTemplateColumns: '120px 1fr', columnGap: 8 }} aria-hidden>
        <span />
        <Box pos="relative" h={20} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          {ticks.map((tick) => (
            <Text
              key={tick}
              component="span"
              fz={12}
              pos="absolute"
              top={2}
              style={{ insetInlineStart: `${(tick / max) * 100}%`, transform: `translateX(${rtl ? '50%' : '-50%'})` }}
            >
              {formatNumber(tick, language)}
            </Text>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
