// Schedules by status (done, late, missed, in progress, pending) as small figures, and their total.
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StatusCounts } from '@fieldops/shared/reports';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';

const FIGURES = [
  { key: 'done', color: 'var(--mantine-color-teal-6)' },
  { key: 'late', color: 'var(--mantine-color-orange-6)' },
  { key: 'missed', color: 'var(--mantine-color-red-6)' },
  { key: 'inProgress', color: 'var(--mantine-color-blue-6)' },
  { key: 'pending', color: 'var(--mantine-color-gray-5)' },
] as const;

export function StatusFigures({ counts }: { counts: StatusCounts }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs" verticalSpacing="xs">
        {FIGURES.map(({ key, color }) => (
          <Paper key={key} withBorder radius="md" px="sm" py={6} data-testid={`status-${key}`}>
            <Group gap={6} wrap="nowrap" align="baseline">
              <span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: color, flexShrink: 0 }} />
              <Text size="xs" c="dimmed" lh={1.2}>
                {t(`performance.status.${key}`)}
              </Text>
            </Group>
            <Text fw={700} fz="lg">
              {formatNumber(counts[key], language)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="status-total">
        {t('performance.status.total', { value: formatNumber(counts.total, language) })}
      </Text>
    </Stack>
  );
}
