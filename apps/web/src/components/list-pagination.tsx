// Paging under a list: "1–20 of 57" and the page buttons (pages are 0-based here).
import { Group, Pagination, Text, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format.ts';
import { currentLanguage } from '../lib/i18n/i18n.ts';

interface ListPaginationProps {
  page: number;
  size: number;
  total: number;
  onChange: (page: number) => void;
}

/** Page count from X-Total-Count: total divided by the page size, rounded up (spec §9). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

export function ListPagination({ page, size, total, onChange }: ListPaginationProps) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const language = currentLanguage(i18n);
  const pages = pageCount(total, size);
  if (total === 0) return null;
  const from = page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {t('list.range', {
          from: formatNumber(from, language),
          to: formatNumber(to, language),
          total: formatNumber(total, language),
        })}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page + 1}
          onChange={(value) => onChange(value - 1)}
          size="sm"
          // Previous points towards the start of the line: right in Arabic.
          previousIcon={dir === 'rtl' ? IconChevronRight : IconChevronLeft}
          nextIcon={dir === 'rtl' ? IconChevronLeft : IconChevronRight}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('list.previousPage') : control === 'next' ? t('list.nextPage') : undefined,
          })}
        />
      ) : null}
    </Group>
  );
}
