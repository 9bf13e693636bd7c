import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '@fieldops/shared/notifications';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { notificationTarget, notificationText } from './notification-text.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const entry = (kind: Notification['kind'], params: Notification['params']): Notification => ({
  id: 1,
  kind,
  params,
  link: null,
  createdAt: '2026-11-20T09:00:00Z',
  readAt: null,
});

describe('notification text', () => {
  it('words each kind with its params, in each language, with its plural forms', async () => {
    const one = entry('schedulesAssigned', { count: 1, taskName: 'Lobby check', taskNameAr: 'فحص الردهة' });
    expect(notificationText(i18n.t, one, 'en')).toBe('A new schedule was assigned to you: Lobby check');
    expect(notificationText(i18n.t, entry('answersFlagged', { count: 12, siteName: 'Tower A' }), 'en')).toBe('12 answers were flagged at Tower A');

    await i18n.changeLanguage('ar');
    expect(notificationText(i18n.t, one, 'ar')).toBe('أُسند إليك جدول جديد: فحص الردهة');
    expect(notificationText(i18n.t, entry('schedulesAssigned', { count: 2 }), 'ar')).toBe('أُسند إليك جدولان جديدان');
    expect(notificationText(i18n.t, entry('schedulesMissed', { count: 11 }), 'ar')).toBe('فات موعد 11 جدولًا');
    expect(notificationText(i18n.t, entry('invitation', { actor: 'سارة', businessName: 'النيل' }), 'ar')).toBe('دعاك سارة للانضمام إلى النيل');
  });

  it('words the cover kinds, with the task’s Arabic name in Arabic', async () => {
    const task = { taskName: 'Morning round', taskNameAr: 'جولة الصباح', siteName: 'North Gate' };
    expect(notificationText(i18n.t, entry('coverRequested', { actor: 'Omar', ...task }), 'en')).toBe('Omar asks for cover: Morning round at North Gate');
    expect(notificationText(i18n.t, entry('coverAccepted', { actor: 'Sara', coverName: 'Lina', ...task }), 'en')).toBe('Lina will cover Morning round');
    expect(notificationText(i18n.t, entry('coverAssigned', { actor: 'Sara', coverName: 'Lina', ...task }), 'en')).toBe(
      'Morning round was given to you to cover',
    );
    expect(notificationText(i18n.t, entry('coverAccepted', { taskName: 'Morning round' }), 'en')).toBe('Someone will cover Morning round');
    const timed = { ...task, start: '2026-12-05T05:00:00Z', timeZone: 'Asia/Riyadh' };
    expect(notificationText(i18n.t, entry('coverRequested', { actor: 'Omar', ...timed }), 'en')).toBe(
      'Omar asks for cover: Morning round at North Gate, Saturday 5 December at 08:00',
    );
    expect(notificationText(i18n.t, entry('coverAssigned', timed), 'en')).toBe('Morning round, Saturday 5 December at 08:00, was given to you to cover');

    await i18n.changeLanguage('ar');
    expect(notificationText(i18n.t, entry('coverRequested', { actor: 'عمر', ...task }), 'ar')).toBe('طلب تغطية من عمر: جولة الصباح في North Gate');
    expect(notificationText(i18n.t, entry('coverAccepted', { coverName: 'لينا', ...task }), 'ar')).toBe('سيغطي لينا: جولة الصباح');
    expect(notificationText(i18n.t, entry('coverAssigned', task), 'ar')).toBe('أُسند إليك جولة الصباح للتغطية');
    expect(notificationText(i18n.t, entry('coverAccepted', { coverName: 'لينا', ...task, start: '2026-12-05T05:00:00Z', timeZone: 'Asia/Riyadh' }), 'ar')).toBe(
      'سيغطي لينا: جولة الصباح يوم السبت، 5 ديسمبر في 08:00',
    );
  });

  it('reads a param the server left out, or left empty, as a neutral word', () => {
    expect(notificationText(i18n.t, entry('answersFlagged', { count: 3, siteName: '' }), 'en')).toBe('3 answers were flagged at your sites');
    expect(notificationText(i18n.t, entry('ticketCommented', { ticketId: 40 }), 'en')).toBe('Someone commented on the ticket “#40”');
    expect(notificationText(i18n.t, entry('invitation', {}), 'en')).toBe('Someone invited you to join a business');
  });

  it('follows only the app’s own paths', () => {
    expect(notificationTarget('/tickets/40')).toBe('/tickets/40');
    expect(notificationTarget('//evil.example/x')).toBeNull();
    expect(notificationTarget('https://evil.example')).toBeNull();
    expect(notificationTarget(null)).toBeNull();
  });
});
