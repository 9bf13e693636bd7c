// Why a day has no schedule: the holidays the business keeps in the days the tracker shows, each
// with its name, and that plans set to skip holidays make no task on them. Nothing when there is
// none, or when they could not be read.
import { Alert, List } from '@mantine/core';
import { IconBeach } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import { dateTimeFormat } from '../../../lib/intl.ts';
import { useHolidaysBetween } from '../../../lib/business-calendar/holidays-between.ts';

/** A local date of the business ("YYYY-MM-DD") with its weekday, Latin digits in Arabic too. */
const dayOf = (date: string, language: Language) =>
  dateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

export function HolidayNote({ from, to }: { from: string; to: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { data } = useHolidaysBetween(from, to);
  if (!data || data.length === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconBeach size={18} aria-hidden />} title={t('tracker.holidays.title', { count: data.length })} mb="md">
      <List size="sm" spacing={2}>
        {data.map((h) => (
          <List.Item key={`${h.date}-${h.source}`}>
            {t('tracker.holidays.day', { date: dayOf(h.date, language), name: language === 'ar' ? h.nameAr || h.nameEn : h.nameEn || h.nameAr })}
          </List.Item>
        ))}
      </List>
      {t('tracker.holidays.why')}
    </Alert>
  );
}
