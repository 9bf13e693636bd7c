// What a push says, in its recipient's language (DESIGN §12): a title and a line for every kind of
// notification, filled from the notification's params. Written here, on the server, because the
// service worker shows what it receives without the app's translations.
import type { Language, NotificationEvent } from '@fieldops/shared/notifications';
import { TICKET_STATUSES, type TicketStatus } from '@fieldops/shared/enums';
import { scheduleTimeWords } from '@fieldops/shared/schedule-time';

export type NotificationParams = Record<string, string | number>;

export interface PushText {
  title: string;
  body: string;
}

type Texts = Record<NotificationEvent, (p: Params) => PushText>;

/** The params a text reads, each possibly missing (an older notification, a digest without a site). */
interface Params {
  count: number;
  siteName: string;
  taskName: string;
  /** The task's Arabic name, when it has one (Arabic texts prefer it). */
  taskNameAr: string;
  ticketTitle: string;
  businessName: string;
  /** Who acted (who asks for cover), and who covers. */
  actor: string;
  coverName: string;
  status: TicketStatus | null;
  /** When the schedule starts (ISO), and the business's time zone that words it. */
  start: string;
  timeZone: string;
  /** A webhook's address. */
  url: string;
}

function paramsOf(params: NotificationParams): Params {
  const text = (name: string) => {
    const value = params[name];
    return value === undefined ? '' : String(value).trim();
  };
  const count = Number(params.count);
  const status = text('status');
  return {
    count: Number.isSafeInteger(count) && count > 0 ? count : 1,
    siteName: text('siteName'),
    taskName: text('taskName'),
    taskNameAr: text('taskNameAr'),
    ticketTitle: text('ticketTitle'),
    businessName: text('businessName'),
    actor: text('actor'),
    coverName: text('coverName'),
    start: text('start'),
    timeZone: text('timeZone'),
    url: text('url'),
    status: (TICKET_STATUSES as readonly string[]).includes(status) ? (status as TicketStatus) : null,
  };
}

const STATUS_EN: Record<TicketStatus, string> = { NEW: 'New', IN_PROGRESS: 'In progress', ON_HOLD: 'On hold', RESOLVED: 'Resolved', CLOSED: 'Closed' };
const STATUS_AR: Record<TicketStatus, string> = { NEW: 'جديدة', IN_PROGRESS: 'قيد التنفيذ', ON_HOLD: 'معلّقة', RESOLVED: 'تم حلّها', CLOSED: 'مغلقة' };

/** "1 schedule", "3 schedules". */
const en = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);
const at = (siteName: string) => (siteName ? ` at ${siteName}` : '');

/**
 * Arabic counts take the noun's form the number calls for: one and two have forms of their own
 * (the number then left unsaid), 3–10 the plural, 11 and above the singular accusative.
 */
function ar(count: number, forms: { one: string; two: string; few: string; many: string }): string {
  const n = count.toLocaleString('ar');
  switch (new Intl.PluralRules('ar').select(count)) {
    case 'one':
      return forms.one;
    case 'two':
      return forms.two;
    case 'few':
      return `${n} ${forms.few}`;
    default:
      return `${n} ${forms.many}`;
  }
}
const THIRTY_AR = (30).toLocaleString('ar');
const inSite = (siteName: string) => (siteName ? ` في ${siteName}` : '');
/** ", Saturday 5 December at 08:00" when the schedule's start is known. */
const whenEn = (p: Params) => {
  const when = scheduleTimeWords('en', p.start, p.timeZone);
  return when ? `, ${when}` : '';
};
const whenAr = (p: Params) => {
  const when = scheduleTimeWords('ar', p.start, p.timeZone);
  return when ? ` يوم ${when}` : '';
};

const SCHEDULES_AR = { one: 'جدول جديد', two: 'جدولان جديدان', few: 'جداول جديدة', many: 'جدولًا جديدًا' };
const MISSED_AR = { one: 'جدول فائت', two: 'جدولان فائتان', few: 'جداول فائتة', many: 'جدولًا فائتًا' };
const FLAGGED_AR = { one: 'إجابة مُعلَّمة', two: 'إجابتان مُعلَّمتان', few: 'إجابات مُعلَّمة', many: 'إجابةً مُعلَّمة' };

const EN: Texts = {
  schedulesAssigned: (p) => ({ title: 'New schedules', body: `You have ${en(p.count, 'new schedule', 'new schedules')}${at(p.siteName)}.` }),
  scheduleStarting: (p) => ({ title: 'A schedule is starting', body: `${p.taskName || 'Your schedule'}${at(p.siteName)} starts now.` }),
  scheduleDeadline: (p) => ({ title: 'Due in 30 minutes', body: `${p.taskName || 'Your schedule'}${at(p.siteName)} is due in 30 minutes.` }),
  ticketAssigned: (p) => ({ title: 'Ticket assigned to you', body: p.ticketTitle || 'A ticket was assigned to you.' }),
  ticketAnswered: (p) => ({ title: 'Your ticket was answered', body: p.ticketTitle || 'There is a new reply on your ticket.' }),
  answersFlagged: (p) => ({ title: 'Flagged answers', body: `${en(p.count, 'answer was', 'answers were')} flagged${at(p.siteName)}.` }),
  schedulesMissed: (p) => ({ title: 'Missed schedules', body: `${en(p.count, 'schedule was', 'schedules were')} missed${at(p.siteName)}.` }),
  ticketCreated: (p) => ({ title: 'New ticket', body: `${p.ticketTitle || 'A ticket was raised'}${at(p.siteName)}` }),
  ticketCommented: (p) => ({ title: 'New comment on a ticket', body: p.ticketTitle || 'Someone commented on a ticket.' }),
  ticketStatusChanged: (p) => ({
    title: p.status ? `Ticket ${STATUS_EN[p.status].toLowerCase()}` : 'Ticket status changed',
    body: p.ticketTitle || 'A ticket changed status.',
  }),
  coverRequested: (p) => ({
    title: `${p.actor || 'A colleague'} asks for cover`,
    body: `${p.taskName || 'A schedule'}${at(p.siteName)}${whenEn(p)}. Open the tracker to accept.`,
  }),
  coverAccepted: (p) => ({
    title: 'Your schedule is covered',
    body: `${p.coverName || 'A colleague'} will cover ${p.taskName || 'your schedule'}${whenEn(p)}.`,
  }),
  coverAssigned: (p) => ({ title: 'A schedule to cover', body: `${p.taskName || 'A schedule'}${whenEn(p)} was given to you to cover.` }),
  ticketSlaWarning: (p) => ({ title: 'A ticket is due soon', body: p.ticketTitle || 'A ticket is close to its SLA due time.' }),
  ticketSlaBreached: (p) => ({ title: 'A ticket is overdue', body: p.ticketTitle || 'A ticket passed its SLA due time.' }),
  webhookDisabled: (p) => ({ title: 'A webhook was turned off', body: p.url ? `No more events are sent to ${p.url}.` : 'No more events are sent to it.' }),
  invitation: (p) => ({ title: 'You are invited', body: p.businessName ? `Join ${p.businessName} on FieldOps.` : 'Open the app to accept.' }),
};

const AR: Texts = {
  schedulesAssigned: (p) => ({ title: 'جداول جديدة', body: `لديك ${ar(p.count, SCHEDULES_AR)}${inSite(p.siteName)}.` }),
  scheduleStarting: (p) => ({ title: 'يبدأ جدول الآن', body: `${p.taskNameAr || p.taskName || 'جدولك'}${inSite(p.siteName)} يبدأ الآن.` }),
  scheduleDeadline: (p) => ({
    title: `الموعد النهائي بعد ${THIRTY_AR} دقيقة`,
    body: `ينتهي موعد ${p.taskNameAr || p.taskName || 'جدولك'}${inSite(p.siteName)} بعد ${THIRTY_AR} دقيقة.`,
  }),
  ticketAssigned: (p) => ({ title: 'أُسندت إليك تذكرة', body: p.ticketTitle || 'أُسندت إليك تذكرة جديدة.' }),
  ticketAnswered: (p) => ({ title: 'وصل رد على تذكرتك', body: p.ticketTitle || 'هناك رد جديد على تذكرتك.' }),
  answersFlagged: (p) => ({ title: 'إجابات مُعلَّمة', body: `${ar(p.count, FLAGGED_AR)}${inSite(p.siteName)}.` }),
  schedulesMissed: (p) => ({ title: 'جداول فائتة', body: `${ar(p.count, MISSED_AR)}${inSite(p.siteName)}.` }),
  ticketCreated: (p) => ({ title: 'تذكرة جديدة', body: `${p.ticketTitle || 'رُفعت تذكرة جديدة'}${inSite(p.siteName)}` }),
  ticketCommented: (p) => ({ title: 'تعليق جديد على تذكرة', body: p.ticketTitle || 'علّق أحدهم على تذكرة.' }),
  ticketStatusChanged: (p) => ({
    title: p.status ? `حالة التذكرة: ${STATUS_AR[p.status]}` : 'تغيّرت حالة تذكرة',
    body: p.ticketTitle || 'تغيّرت حالة تذكرة.',
  }),
  coverRequested: (p) => ({
    title: `طلب تغطية من ${p.actor || 'زميل'}`,
    body: `${p.taskNameAr || p.taskName || 'جدول'}${inSite(p.siteName)}${whenAr(p)}. افتح «متابعة المهام» لقبول الطلب.`,
  }),
  coverAccepted: (p) => ({ title: 'غُطّي جدولك', body: `سيغطي ${p.coverName || 'زميل'} ${p.taskNameAr || p.taskName || 'جدولك'}${whenAr(p)}.` }),
  coverAssigned: (p) => ({ title: 'جدول لتغطيته', body: `أُسند إليك ${p.taskNameAr || p.taskName || 'جدول'}${whenAr(p)} للتغطية.` }),
  ticketSlaWarning: (p) => ({ title: 'يقترب موعد تذكرة', body: p.ticketTitle || 'اقتربت تذكرة من موعدها في اتفاقية مستوى الخدمة.' }),
  ticketSlaBreached: (p) => ({ title: 'تجاوزت تذكرة موعدها', body: p.ticketTitle || 'تجاوزت تذكرة موعدها في اتفاقية مستوى الخدمة.' }),
  webhookDisabled: (p) => ({ title: 'أُوقف خطاف ويب', body: p.url ? `لن تُرسل أحداث بعد الآن إلى ${p.url}.` : 'لن تُرسل إليه أحداث بعد الآن.' }),
  invitation: (p) => ({ title: 'لديك دعوة', body: p.businessName ? `انضم إلى ${p.businessName} على FieldOps.` : 'افتح التطبيق لقبول الدعوة.' }),
};

const TEXTS: Record<Language, Texts> = { en: EN, ar: AR };

/** A push's words; an unknown kind (from a newer release) gets a plain line rather than no push. */
export function pushText(language: Language, kind: string, params: NotificationParams): PushText {
  const texts = TEXTS[language];
  const render = (texts as Partial<Record<string, (p: Params) => PushText>>)[kind];
  if (render) return render(paramsOf(params));
  return language === 'ar' ? { title: 'إشعار جديد', body: 'افتح التطبيق لمعرفة التفاصيل.' } : { title: 'New notification', body: 'Open the app to see it.' };
}
