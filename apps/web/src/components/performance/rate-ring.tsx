// A completion rate as a ring coloured by how good it is, with the value and `%` inside.
import { RingProgress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { rateColor } from './kpi-list.tsx';

export function RateRing({ rate, testId }: { rate: number; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <RingProgress
      size={84}
      thickness={9}
      roundCaps
      sections={[{ value: Math.min(100, Math.max(0, rate)), color: rateColor(rate) }]}
      label={
        <Text ta="center" fw={700} size="sm" data-testid={testId}>
          {formatPercent(rate, currentLanguage(i18n))}
        </Text>
      }
    />
  );
}
