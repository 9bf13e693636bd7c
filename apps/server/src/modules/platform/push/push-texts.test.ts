import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS } from '@fieldops/shared/notifications';
import { pushText } from './push-texts.ts';

const ARABIC = /[\u0600-\u06FF]/;
const FULL = { count: 2, siteName: 'North yard', taskName: 'Morning round', ticketTitle: 'Leaking pipe', businessName: 'Acme', status: 'RESOLVED' };

describe('push texts', () => {
  it('words every event in English and in Arabic, with or without its params', () => {
    for (const kind of NOTIFICATION_EVENTS) {
      for (const params of [FULL, {}]) {
        const en = pushText('en', kind, params);
        const ar = pushText('ar', kind, params);
        expect(en.title.length, kind).toBeGreaterThan(0);
        expect(en.body.length, kind).toBeGreaterThan(0);
        expect(`${en.title} ${en.body}`, kind).not.toMatch(ARABIC);
        expect(ar.title, kind).toMatch(ARABIC);
        // A body may be the ticket's own title alone, in whatever language it was written.
        if (Object.keys(params).length === 0) expect(ar.body, kind).toMatch(ARABIC);
        expect(`${en.title} ${en.body} ${ar.title} ${ar.body}`, kind).not.toMatch(/undefined|null|NaN|\{/);
      }
    }
  });

  it('fills in the params', () => {
    expect(pushText('en', 'answersFlagged', { count: 1, siteName: 'Gate 2' })).toEqual({ title: 'Flagged answers', body: '1 answer was flagged at Gate 2.' });
    expect(pushText('en', 'schedulesMissed', { count: 12 })).toEqual({ title: 'Missed schedules', body: '12 schedules were missed.' });
    expect(pushText('en', 'ticketStatusChanged', { ticketTitle: 'Broken lock', status: 'ON_HOLD' })).toEqual({ title: 'Ticket on hold', body: 'Broken lock' });
    expect(pushText('ar', 'ticketStatusChanged', { ticketTitle: 'Broken lock', status: 'ON_HOLD' })).toEqual({
      title: 'حالة التذكرة: معلّقة',
      body: 'Broken lock',
    });
    expect(pushText('en', 'invitation', { businessName: 'Acme' }).body).toBe('Join Acme on FieldOps.');
  });

  it("says when a covered schedule starts, on the business's clock", () => {
    const cover = {
      taskName: 'Morning round',
      taskNameAr: 'جولة الصباح',
      siteName: 'North Gate',
      coverName: 'Lina',
      start: '2026-12-05T05:00:00Z',
      timeZone: 'Asia/Riyadh',
    };
    expect(pushText('en', 'coverRequested', cover).body).toBe('Morning round at North Gate, Saturday 5 December at 08:00. Open the tracker to accept.');
    expect(pushText('en', 'coverAccepted', cover).body).toBe('Lina will cover Morning round, Saturday 5 December at 08:00.');
    expect(pushText('ar', 'coverAssigned', cover).body).toBe('أُسند إليك جولة الصباح يوم السبت، 5 ديسمبر في 08:00 للتغطية.');
    // Without a start (an older notice), the line leaves the time out.
    expect(pushText('en', 'coverAssigned', { taskName: 'Morning round' }).body).toBe('Morning round was given to you to cover.');
  });

  it('gives Arabic counts the form the number calls for', () => {
    const n = (count: number) => count.toLocaleString('ar');
    expect(pushText('ar', 'schedulesAssigned', { count: 1 }).body).toBe('لديك جدول جديد.');
    expect(pushText('ar', 'schedulesAssigned', { count: 2 }).body).toBe('لديك جدولان جديدان.');
    expect(pushText('ar', 'schedulesAssigned', { count: 5 }).body).toBe(`لديك ${n(5)} جداول جديدة.`);
    expect(pushText('ar', 'schedulesAssigned', { count: 11 }).body).toBe(`لديك ${n(11)} جدولًا جديدًا.`);
  });

  it('answers a plain line for a kind it does not know', () => {
    expect(pushText('ar', 'somethingNew', {})).toEqual({ title: 'إشعار جديد', body: 'افتح التطبيق لمعرفة التفاصيل.' });
  });
});
