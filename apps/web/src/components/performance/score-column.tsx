// A list's column of average scores over the last 30 days (tasks, sites, projects): its heading and
// its cells, each shown only when the list shows scores at all (score-text.ts anyScored).
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { scoreText } from './score-text.ts';

export function ScoreHeading({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  if (!shown) return null;
  return (
    <Table.Th ta="end" visibleFrom="sm">
      {t('performance.averageScoreLastMonth')}
    </Table.Th>
  );
}

/** The item's average score, or a dash when none of its inspections was finished and scored. */
export function ScoreCell({ shown, value }: { shown: boolean; value: number | null | undefined }) {
  const { i18n } = useTranslation();
  if (!shown) return null;
  return (
    <Table.Td ta="end" visibleFrom="sm" data-testid="average-score">
      {scoreText(value ?? null, currentLanguage(i18n))}
    </Table.Td>
  );
}
