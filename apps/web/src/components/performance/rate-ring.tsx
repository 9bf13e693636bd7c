// A completion rate as a ring coloured by how good it is, with the value and `%` inside. Plain
// SVG: nothing in it measures the page or listens to it, so a screen of rings costs only drawing.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { rateColor } from './kpi-list.tsx';
import classes from './rate-ring.module.css';

const SIZE = 84;
const STROKE = 9;
const RADIUS = (SIZE * 0.9 - STROKE * 2) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function RateRing({ rate, testId }: { rate: number; testId?: string }) {
  const { i18n } = useTranslation();
  const share = Math.min(100, Math.max(0, rate)) / 100;
  const circle = { cx: SIZE / 2, cy: SIZE / 2, r: RADIUS, fill: 'none', strokeWidth: STROKE };
  return (
    <div className={classes.root}>
      <svg className={classes.svg} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true" focusable="false">
        <circle className={classes.track} {...circle} />
        <circle
          {...circle}
          stroke={`var(--mantine-color-${rateColor(rate)}-filled)`}
          strokeLinecap="round"
          strokeDasharray={`${share * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
        />
      </svg>
      <div className={classes.label}>
        <Text ta="center" fw={700} size="sm" data-testid={testId}>
          {formatPercent(rate, currentLanguage(i18n))}
        </Text>
      </div>
    </div>
  );
}
