// A row of counts, each a label over its figure: the rows of a preview (ready, with problems,
// already existing, skipped) or the outcome of an import (created, updated, skipped, failed).
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

export interface ImportFigure {
  key: string;
  label: string;
  value: number;
  color?: string;
}

export function ImportFigures({ label, figures }: { label: string; figures: ImportFigure[] }) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <SimpleGrid cols={{ base: 2, sm: figures.length }} spacing="sm" role="group" aria-label={label}>
      {figures.map((figure) => (
        <Paper key={figure.key} withBorder radius="md" p="sm" data-testid={`figure-${figure.key}`}>
          <Text size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text fz="xl" fw={700} c={figure.value > 0 ? figure.color : undefined}>
            {formatNumber(figure.value, language)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
