// One number of the dashboard, with its icon and label.
import type { ReactNode } from 'react';
import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

interface StatTileProps {
  label: string;
  value: number | null;
  icon: ReactNode;
  loading?: boolean;
  color?: string;
  testId?: string;
}

export function StatTile({ label, value, icon, loading = false, color = 'indigo', testId }: StatTileProps) {
  const { i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {loading ? (
            <Skeleton h={28} w={48} mt={4} />
          ) : (
            <Text fw={800} fz={26} lh={1.2} data-testid={testId ? `${testId}-value` : undefined}>
              {formatNumber(value ?? 0, currentLanguage(i18n))}
            </Text>
          )}
        </div>
      </Group>
    </Paper>
  );
}
