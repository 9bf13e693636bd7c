// What each notification says, in English and Arabic: the e-mail's subject and first line, and a
// push's title and body. The bell words the same events in the web app's own texts.
import type { Language, NotificationEvent } from '@fieldops/shared/notifications';
import { scheduleTimeWords } from '@fieldops/shared/schedule-time';

export type NotificationParams = Record<string, string | number>;
interface Wording {
  title: (p: NotificationParams) => string;
  body: (p: NotificationParams) => string;
}

const n = (p: NotificationParams, key = 'count') => Number(p[key] ?? 0);
const s = (p: NotificationParams, key: string) => String(p[key] ?? '');
/** The task's Arabic name, else its name. */
const taskAr = (p: NotificationParams) => s(p, 'taskNameAr') || s(p, 'taskName');
/** " on Saturday 5 December at 08:00" (« يوم السبت، 5 ديسمبر في 08:00») when the schedule's start is known. */
const onEn = (p: NotificationParams) => {
  const when = scheduleTimeWords('en', p.start, p.timeZone);
  return when ? ` on ${when}` : '';
};
const onAr = (p: NotificationParams) => {
  const when = scheduleTimeWords('ar', p.start, p.timeZone);
  return when ? ` يوم ${when}` : '';
};

/** When an SLA target is (or was) due, on the business's clock: " by Sunday 6 December at 10:00". */
const byEn = (p: NotificationParams) => {
  const when = scheduleTimeWords('en', p.dueAt, p.timeZone);
  return when ? ` by ${when}` : '';
};
const byAr = (p: NotificationParams) => {
  const when = scheduleTimeWords('ar', p.dueAt, p.timeZone);
  return when ? ` بحلول ${when}` : '';
};
const firstResponse = (p: NotificationParams) => s(p, 'target') === 'FIRST_RESPONSE';
const PRIORITY_EN: Record<string, string> = { NO_PRIORITY: 'no priority', LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', URGENT: 'Urgent' };
const PRIORITY_AR: Record<string, string> = { NO_PRIORITY: 'بلا أولوية', LOW: 'منخفضة', MEDIUM: 'متوسطة', HIGH: 'عالية', URGENT: 'عاجلة' };
const raisedEn = (p: NotificationParams) => (p.priority ? ` Its priority was raised to ${PRIORITY_EN[s(p, 'priority')] ?? s(p, 'priority')}.` : '');
const raisedAr = (p: NotificationParams) => (p.priority ? ` رُفعت أولويتها إلى «${PRIORITY_AR[s(p, 'priority')] ?? s(p, 'priority')}».` : '');

const EN: Record<NotificationEvent, Wording> = {
  schedulesAssigned: {
    title: () => 'New schedules for you',
    body: (p) => (n(p) === 1 ? `You have a new schedule: ${s(p, 'taskName')}.` : `You have ${n(p)} new schedules.`),
  },
  scheduleStarting: { title: (p) => `${s(p, 'taskName')} starts now`, body: (p) => `Your schedule at ${s(p, 'siteName')} has started.` },
  scheduleDeadline: { title: (p) => `${s(p, 'taskName')} is due in 30 minutes`, body: (p) => `Answer it at ${s(p, 'siteName')} before the deadline.` },
  ticketAssigned: {
    title: (p) => `Ticket assigned to you: ${s(p, 'ticketTitle')}`,
    body: (p) => `${s(p, 'actor')} assigned you the ticket "${s(p, 'ticketTitle')}".`,
  },
  ticketAnswered: { title: (p) => `New reply on ${s(p, 'ticketTitle')}`, body: (p) => `${s(p, 'actor')} replied to your ticket.` },
  answersFlagged: {
    title: (p) => (n(p) === 1 ? 'A flagged answer' : `${n(p)} flagged answers`),
    body: (p) => (n(p) === 1 ? `An answer at ${s(p, 'siteName')} was flagged.` : `${n(p)} answers at your sites were flagged.`),
  },
  schedulesMissed: {
    title: (p) => (n(p) === 1 ? 'A missed schedule yesterday' : `${n(p)} missed schedules yesterday`),
    body: (p) => (n(p) === 1 ? `A schedule at ${s(p, 'siteName') || 'your sites'} was missed.` : `${n(p)} schedules at your sites were missed.`),
  },
  ticketCreated: { title: (p) => `New ticket: ${s(p, 'ticketTitle')}`, body: (p) => `${s(p, 'actor')} opened a ticket.` },
  ticketCommented: { title: (p) => `New comment on ${s(p, 'ticketTitle')}`, body: (p) => `${s(p, 'actor')} commented on the ticket.` },
  ticketStatusChanged: {
    title: (p) => `${s(p, 'ticketTitle')}: ${s(p, 'status')}`,
    body: (p) => `${s(p, 'actor')} changed the ticket's status to ${s(p, 'status')}.`,
  },
  coverRequested: {
    title: (p) => `${s(p, 'actor')} asks for cover: ${s(p, 'taskName')}`,
    body: (p) => `${s(p, 'actor')} needs a colleague at ${s(p, 'siteName')} to cover ${s(p, 'taskName')}${onEn(p)}. Open the tracker to accept.`,
  },
  coverAccepted: {
    title: (p) => `${s(p, 'coverName')} will cover ${s(p, 'taskName')}`,
    body: (p) => `Your request for cover was answered: ${s(p, 'taskName')}${onEn(p)} is ${s(p, 'coverName')}'s now.`,
  },
  coverAssigned: {
    title: (p) => `${s(p, 'taskName')} was given to you to cover`,
    body: (p) => `${s(p, 'actor')} gave you ${s(p, 'taskName')}${onEn(p)} to cover; it is in your tracker now.`,
  },
  ticketSlaWarning: {
    title: (p) => `Due soon: ${s(p, 'ticketTitle')}`,
    body: (p) =>
      firstResponse(p)
        ? `The ticket "${s(p, 'ticketTitle')}" needs its first response${byEn(p)}.`
        : `The ticket "${s(p, 'ticketTitle')}" is to be resolved${byEn(p)}.`,
  },
  ticketSlaBreached: {
    title: (p) => `Overdue: ${s(p, 'ticketTitle')}`,
    body: (p) =>
      (firstResponse(p)
        ? `The ticket "${s(p, 'ticketTitle')}" had no first response${byEn(p)}, as its SLA asks.`
        : `The ticket "${s(p, 'ticketTitle')}" was not resolved${byEn(p)}, as its SLA asks.`) + raisedEn(p),
  },
  webhookDisabled: {
    title: () => 'A webhook was turned off',
    body: (p) =>
      s(p, 'reason') === 'gone'
        ? `The webhook to ${s(p, 'url')} answered that it is gone (410), so no more events are sent to it.`
        : `The webhook to ${s(p, 'url')} has been failing for days, so no more events are sent to it. Check it and turn it on again.`,
  },
  invitation: { title: (p) => `Join ${s(p, 'businessName')}`, body: (p) => `${s(p, 'actor')} invited you to join ${s(p, 'businessName')}.` },
};

const AR: Record<NotificationEvent, Wording> = {
  schedulesAssigned: {
    title: () => 'جداول جديدة لك',
    body: (p) => (n(p) === 1 ? `لديك جدول جديد: ${s(p, 'taskNameAr') || s(p, 'taskName')}.` : `عدد الجداول الجديدة لديك: ${n(p)}.`),
  },
  scheduleStarting: { title: (p) => `بدأ الآن: ${s(p, 'taskNameAr') || s(p, 'taskName')}`, body: (p) => `بدأ جدولك في ${s(p, 'siteName')}.` },
  scheduleDeadline: {
    title: (p) => `يحين موعد ${s(p, 'taskNameAr') || s(p, 'taskName')} بعد 30 دقيقة`,
    body: (p) => `أجب عنه في ${s(p, 'siteName')} قبل الموعد النهائي.`,
  },
  ticketAssigned: { title: (p) => `أُسندت إليك تذكرة: ${s(p, 'ticketTitle')}`, body: (p) => `أسند إليك ${s(p, 'actor')} التذكرة «${s(p, 'ticketTitle')}».` },
  ticketAnswered: { title: (p) => `رد جديد على ${s(p, 'ticketTitle')}`, body: (p) => `رد ${s(p, 'actor')} على تذكرتك.` },
  answersFlagged: {
    title: (p) => (n(p) === 1 ? 'إجابة مُعلَّمة' : `إجابات مُعلَّمة: ${n(p)}`),
    body: (p) => (n(p) === 1 ? `عُلِّمت إجابة في ${s(p, 'siteName')}.` : `عدد الإجابات المُعلَّمة في مواقعك: ${n(p)}.`),
  },
  schedulesMissed: { title: (p) => `جداول فائتة أمس: ${n(p)}`, body: (p) => `عدد الجداول الفائتة في مواقعك: ${n(p)}.` },
  ticketCreated: { title: (p) => `تذكرة جديدة: ${s(p, 'ticketTitle')}`, body: (p) => `فتح ${s(p, 'actor')} تذكرة.` },
  ticketCommented: { title: (p) => `تعليق جديد على ${s(p, 'ticketTitle')}`, body: (p) => `علّق ${s(p, 'actor')} على التذكرة.` },
  ticketStatusChanged: { title: (p) => `${s(p, 'ticketTitle')}: ${s(p, 'status')}`, body: (p) => `غيّر ${s(p, 'actor')} حالة التذكرة إلى ${s(p, 'status')}.` },
  coverRequested: {
    title: (p) => `طلب تغطية من ${s(p, 'actor')}: ${taskAr(p)}`,
    body: (p) => `يحتاج ${s(p, 'actor')} إلى زميل في ${s(p, 'siteName')} ليغطي ${taskAr(p)}${onAr(p)}. افتح «متابعة المهام» لقبول الطلب.`,
  },
  coverAccepted: {
    title: (p) => `سيغطي ${s(p, 'coverName')}: ${taskAr(p)}`,
    body: (p) => `أُجيب طلب التغطية: أصبح ${taskAr(p)}${onAr(p)} لدى ${s(p, 'coverName')}.`,
  },
  coverAssigned: {
    title: (p) => `أُسند إليك ${taskAr(p)} للتغطية`,
    body: (p) => `أسند إليك ${s(p, 'actor')} ${taskAr(p)}${onAr(p)} للتغطية، وهو الآن في «متابعة المهام».`,
  },
  ticketSlaWarning: {
    title: (p) => `يقترب الموعد: ${s(p, 'ticketTitle')}`,
    body: (p) => (firstResponse(p) ? `تنتظر التذكرة «${s(p, 'ticketTitle')}» أول رد${byAr(p)}.` : `يجب حل التذكرة «${s(p, 'ticketTitle')}»${byAr(p)}.`),
  },
  ticketSlaBreached: {
    title: (p) => `تجاوزت موعدها: ${s(p, 'ticketTitle')}`,
    body: (p) =>
      (firstResponse(p)
        ? `لم تتلقَّ التذكرة «${s(p, 'ticketTitle')}» أول رد${byAr(p)} كما تقتضي اتفاقية مستوى الخدمة.`
        : `لم تُحل التذكرة «${s(p, 'ticketTitle')}»${byAr(p)} كما تقتضي اتفاقية مستوى الخدمة.`) + raisedAr(p),
  },
  webhookDisabled: {
    title: () => 'أُوقف خطاف ويب',
    body: (p) =>
      s(p, 'reason') === 'gone'
        ? `أجاب خطاف الويب إلى ${s(p, 'url')} بأنه لم يعد موجودًا (410)، فلن تُرسل إليه أحداث بعد الآن.`
        : `يفشل خطاف الويب إلى ${s(p, 'url')} منذ أيام، فلن تُرسل إليه أحداث بعد الآن. تحقق منه ثم شغّله من جديد.`,
  },
  invitation: { title: (p) => `انضم إلى ${s(p, 'businessName')}`, body: (p) => `دعاك ${s(p, 'actor')} للانضمام إلى ${s(p, 'businessName')}.` },
};

export const languageOf = (value: string | null | undefined): Language => (value === 'ar' ? 'ar' : 'en');

export function wordingOf(kind: NotificationEvent, language: Language, params: NotificationParams) {
  const w = (language === 'ar' ? AR : EN)[kind];
  return { title: w.title(params), body: w.body(params) };
}
