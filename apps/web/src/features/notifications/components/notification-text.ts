// The words of one notification: `notifications.kinds.<kind>` with its params, and the plural
// forms of each language for the kinds that count (schedules assigned, answers flagged, schedules
// missed). A param the server left out reads as a neutral word rather than a bare placeholder; a
// task's Arabic name (`taskNameAr`) is used in Arabic when the server sent one, and a schedule's
// start (`start` with the business's `timeZone`) is worded on its clock.
import type { TFunction } from 'i18next';
import type { Language, Notification } from '@fieldops/shared/notifications';
import { scheduleTimeWords } from '@fieldops/shared/schedule-time';

/** The path an entry opens, when it is one of the app's own (never another site). */
export function notificationTarget(link: string | null): string | null {
  return link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}

export function notificationText(t: TFunction, notification: Notification, language: Language): string {
  const { params } = notification;
  const text = (name: string) => (params[name] === undefined || params[name] === '' ? undefined : String(params[name]));
  const count = Number(params.count ?? 1);
  // A schedule's start, when the entry names one, on the business's clock (the `_timed` words).
  const when = scheduleTimeWords(language, params.start, params.timeZone);
  return t(`notifications.kinds.${notification.kind}`, {
    ...params,
    ...(when ? { when, context: 'timed' } : {}),
    count: Number.isFinite(count) ? count : 1,
    actor: text('actor') ?? t('notifications.someone'),
    coverName: text('coverName') ?? t('notifications.someone'),
    ticketTitle: text('ticketTitle') ?? (text('ticketId') ? `#${text('ticketId')}` : t('notifications.aTicket')),
    taskName: (language === 'ar' ? text('taskNameAr') : undefined) ?? text('taskName') ?? t('notifications.aSchedule'),
    businessName: text('businessName') ?? t('notifications.aBusiness'),
    siteName: text('siteName') ?? t('notifications.yourSites'),
  });
}
