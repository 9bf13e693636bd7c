// How the SLA report's figures read: a group's name in the current language, a share met as a
// percentage, a median of working minutes as working hours and minutes ("2 h 15 min").
import type { TFunction } from 'i18next';
import type { SlaBreach, SlaGroup, SlaGrouping } from '@fieldops/shared/sla-report';
import { formatNumber, formatPercent, NONE } from '../../lib/format.ts';
import type { Language } from '../../lib/i18n/language.ts';

/** Working minutes as hours and minutes, rounded to the minute; a dash when there is none. */
export function formatWorkingTime(minutes: number | null, language: Language, t: TFunction): string {
  if (minutes === null) return NONE;
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return t('reports.sla.minutesOnly', { minutes: formatNumber(rest, language) });
  return t('reports.sla.hoursMinutes', { hours: formatNumber(hours, language), minutes: formatNumber(rest, language) });
}

export const formatShare = (percent: number | null, language: Language) => (percent === null ? NONE : formatPercent(percent, language));

/** The group's name: the category in the current language (else the other), the site, the project or the priority. */
export function slaGroupName(group: SlaGroup, grouping: SlaGrouping, language: Language, t: TFunction): string {
  if (grouping === 'priority') return t(`reports.sla.priority.${group.priority ?? 'NO_PRIORITY'}`);
  if (group.id === null) return t(`reports.sla.without.${grouping}`);
  if (grouping === 'category') return (language === 'ar' ? group.nameAr || group.nameEn : group.nameEn || group.nameAr) ?? `#${group.id}`;
  return group.name ?? `#${group.id}`;
}

/** A breached ticket's category in the current language (else the other); '' without one. */
export function slaBreachCategory(breach: SlaBreach, language: Language): string {
  const { category } = breach;
  if (!category) return '';
  return language === 'ar' ? category.nameAr || category.nameEn : category.nameEn || category.nameAr;
}
