// How a demo member fills in a task: one answer per visible action, in order, with the chain
// rules applied as they go (so a photo of the damage is given only after "Is anything damaged?
// Yes"), values valid for each action type, and problems reported now and then; and each
// answer's time, position (on site, or about a kilometre away), flag, notes and photo or voice.
import type { ActionType } from '@fieldops/shared/enums';
import { validAnswerValue, type AnswerValue } from '@fieldops/shared/answers';
import { distanceMetres } from '@fieldops/shared/geofence';
import { requiredVisibleActionIds, resolveVisibility, type RuleAction, type RuleAnswer } from '@fieldops/shared/tasks';
import { must } from '@fieldops/shared/must';
import type { actionResults, schedules } from '../db/schema-schedules.ts';
import type { Storage } from '../plugins/storage.ts';
import { solidPng } from './solid-png.ts';
import { toneWav } from './tone-wav.ts';

export type Random = () => number;
export type Fate = 'none' | 'done' | 'partial' | 'outside';
export const MINUTE_MS = 60_000;

/** A small seeded generator (mulberry32): the same seed gives the same demo every time. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: Random, items: readonly T[]): T => must(items[Math.floor(rand() * items.length)], 'pick chooses among at least one item');

export interface DemoAction extends RuleAction {
  nameEn: string | null;
  options: unknown[];
}

/** One answer a member gives; a photo or a voice recording is stored separately. */
export interface PlannedAnswer {
  actionId: number;
  value: AnswerValue;
  media: 'photo' | 'voice' | null;
  /** The answer reports a problem (the one that brings up a follow-up action): worth a flag. */
  problem: boolean;
}

const PHOTO_COLOURS = ['#868e96', '#339af0', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf'];
const PROBLEM_NOTES = {
  en: ['Reported to the supervisor.', 'Needs a technician today.', 'Please check the photo.', 'Happened again this week.'],
  ar: ['تم إبلاغ المشرف.', 'يحتاج إلى فني اليوم.', 'يرجى مراجعة الصورة.', 'تكرر الأمر هذا الأسبوع.'],
};
const NOTES = {
  en: ['Took longer because of the crowd.', 'Used the new supplies.', 'Checked with the site supervisor.'],
  ar: ['استغرق وقتاً أطول بسبب الازدحام.', 'استخدمت المستلزمات الجديدة.', 'تم التحقق مع مشرف الموقع.'],
};

const TEXTS = {
  en: ['All in order, nothing to report.', 'Checked twice, looks fine.', 'Done before the shift change.', 'Area busy today, took a little longer.'],
  ar: ['كل شيء على ما يرام، لا شيء يُذكر.', 'تم الفحص مرتين، الوضع جيد.', 'أُنجز قبل تبديل الوردية.', 'المنطقة مزدحمة اليوم، استغرق الأمر وقتاً أطول.'],
};

/** The answers that make a follow-up action appear: the "problem" answers of a base action. */
function triggers(actions: readonly DemoAction[], baseId: number): string[] {
  return actions.filter((a) => a.criteria?.condition.baseActionId === baseId && a.criteria.visibility === 'DISPLAY').map((a) => a.criteria!.condition.answer);
}

function valueFor(
  action: DemoAction,
  all: readonly DemoAction[],
  rand: Random,
  lang: 'en' | 'ar',
  day: string,
  problemRate: number,
): { value: AnswerValue; problem: boolean } {
  const type: ActionType = action.type;
  const problems = triggers(all, action.id);
  const count = action.options.length;
  switch (type) {
    case 'CHECK':
      return { value: true, problem: false };
    case 'YES_NO': {
      const [bad] = problems;
      if (bad === undefined) return { value: rand() < 0.92 ? 'YES' : 'NO', problem: false };
      const problem = rand() < problemRate;
      return { value: problem ? bad : bad === 'YES' ? 'NO' : 'YES', problem };
    }
    case 'SINGLE_CHOICE': {
      const candidates = Array.from({ length: count }, (_, i) => String(i));
      const [first] = problems;
      if (first !== undefined && rand() < problemRate / 2) return { value: first, problem: true };
      // The first options are the usual ones ("Full", "Normal").
      const usual = candidates.filter((c) => !problems.includes(c));
      return { value: must(usual[Math.floor(rand() ** 2 * usual.length)], 'a choice has an option that is not a problem'), problem: false };
    }
    case 'MULTIPLE_CHOICE': {
      const chosen = new Set<string>([String(Math.floor(rand() * count))]);
      if (rand() < 0.4) chosen.add(String(Math.floor(rand() * count)));
      return { value: [...chosen].sort(), problem: false };
    }
    case 'RATING':
      return { value: pick(rand, [3, 4, 4, 5, 5, 5]), problem: false };
    case 'NUMBER':
      return { value: /odometer/i.test(action.nameEn ?? '') ? 48_000 + Math.floor(rand() * 900) : 1 + Math.floor(rand() * 8), problem: false };
    case 'DATE': {
      // A past service date, one to five months before the visit.
      const date = new Date(`${day}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() - 30 - Math.floor(rand() * 120));
      return { value: date.toISOString().slice(0, 10), problem: false };
    }
    case 'TEXT':
      return { value: pick(rand, TEXTS[lang]), problem: false };
    case 'TIME':
      return { value: `0${7 + Math.floor(rand() * 3)}:${pick(rand, ['00', '15', '30', '45'])}`, problem: false };
    case 'PHOTO':
    case 'VOICE':
    case 'SIGNATURE':
    case 'SLIDER':
    case 'INSTRUCTION':
      return { value: null, problem: false };
  }
}

/**
 * The answers of one complete visit, in action order: every required visible action, and most
 * optional ones. Hidden actions are skipped; answers stay valid for their type.
 */
export function answerSheet(actions: readonly DemoAction[], rand: Random, options: { lang: 'en' | 'ar'; day: string; problemRate: number }): PlannedAnswer[] {
  const given: Record<number, RuleAnswer> = {};
  const sheet: PlannedAnswer[] = [];
  for (const action of actions) {
    const visibility = resolveVisibility(actions, given).get(action.id);
    // The demo's library has no instructions or sliders; an instruction has no answer to give.
    if (visibility === 'HIDDEN' || action.type === 'INSTRUCTION' || action.type === 'SLIDER') continue;
    const needed = action.required && visibility === 'DISPLAY';
    if (!needed && rand() > (action.type === 'TEXT' ? 0.3 : 0.6)) continue;
    const { value, problem } = valueFor(action, actions, rand, options.lang, options.day, options.problemRate);
    if (!validAnswerValue(action.type, value, action.options.length)) throw new Error(`demo answer for action ${action.id} is not valid`);
    if (typeof value === 'string' || Array.isArray(value)) given[action.id] = value;
    sheet.push({ actionId: action.id, value, media: action.type === 'PHOTO' ? 'photo' : action.type === 'VOICE' ? 'voice' : null, problem });
  }
  if (!complete(actions, sheet)) throw new Error('demo answers leave a required action unanswered');
  return sheet;
}

/** Whether `answers` cover every required action the chain rules leave displayed. */
export function complete(actions: readonly DemoAction[], answers: readonly PlannedAnswer[]): boolean {
  const given: Record<number, RuleAnswer> = {};
  for (const a of answers) if (typeof a.value === 'string' || Array.isArray(a.value)) given[a.actionId] = a.value;
  const answered = new Set(answers.map((a) => a.actionId));
  return requiredVisibleActionIds(actions, given).every((id) => answered.has(id));
}

/**
 * How many answers of `sheet` a member gave before stopping, leaving the visit incomplete:
 * at least one, and fewer than it takes to finish. 0 when even one answer would finish it.
 */
export function partialLength(actions: readonly DemoAction[], sheet: readonly PlannedAnswer[], rand: Random): number {
  const lengths: number[] = [];
  for (let n = 1; n < sheet.length; n++) if (!complete(actions, sheet.slice(0, n))) lengths.push(n);
  return lengths.length === 0 ? 0 : pick(rand, lengths);
}

/** What happened to one schedule: nothing, finished, stopped halfway, or finished away from the site. */
export function chooseFate(rand: Random, past: boolean, fenced: boolean): Fate {
  const r = rand();
  if (past) {
    if (r < 0.8) return 'done';
    if (r < 0.87) return 'none';
    if (r < 0.95 || !fenced) return 'partial';
    return 'outside';
  }
  // Open now: some finished already, some halfway, a few waiting.
  if (r < 0.35) return 'done';
  if (r < 0.65) return 'partial';
  if (r < 0.75 && fenced) return 'outside';
  return 'none';
}

/** When each answer came in: in order, between the start and the window's end (never later than now). */
export function answerTimes(rand: Random, start: number, end: number, n: number): Date[] {
  if (n === 0) return [];
  const span = Math.max(end - start, n + 1);
  const first = start + Math.floor(span * (0.05 + rand() * 0.45));
  const step = Math.max(1, Math.min(3 * MINUTE_MS, Math.floor((end - first) / (n + 1))));
  return Array.from({ length: n }, (_, i) => new Date(first + i * step + Math.floor(rand() * step * 0.5)));
}

interface RowInput {
  schedule: typeof schedules.$inferSelect;
  answer: PlannedAnswer;
  outside: boolean;
  lang: 'en' | 'ar';
  site: { latitude: number | null; longitude: number | null };
  at: Date;
}

export function resultRow(rand: Random, { schedule: s, answer, outside, lang, site, at }: RowInput): typeof actionResults.$inferInsert {
  // Within a few dozen metres of the site's centre, or about a kilometre north of it.
  const latitude = (site.latitude ?? 0) + (outside ? 0.009 : 0) + (rand() - 0.5) * 0.0005;
  const longitude = (site.longitude ?? 0) + (rand() - 0.5) * 0.0005;
  const located = site.latitude !== null && site.longitude !== null;
  const flagged = answer.problem && rand() < 0.4;
  const notes = flagged ? pick(rand, PROBLEM_NOTES[lang]) : rand() < 0.05 ? pick(rand, NOTES[lang]) : null;
  return {
    businessId: s.businessId,
    scheduleId: s.id,
    actionId: answer.actionId,
    taskId: s.taskId,
    teamId: s.teamId,
    userId: must(s.userId ?? undefined, 'the demo schedules all have a member'),
    value: answer.value,
    notes,
    latitude,
    longitude,
    accuracy: Math.round(5 + rand() * (outside ? 25 : 15)),
    distance: located ? Math.round(distanceMetres({ latitude, longitude }, { latitude: site.latitude!, longitude: site.longitude! })) : null,
    outside,
    isFlagged: flagged,
    createdDate: at,
  };
}

export async function storeMedia(storage: Storage, kind: 'photo' | 'voice', rand: Random, row: typeof actionResults.$inferInsert) {
  if (kind === 'photo') {
    const colour = pick(rand, PHOTO_COLOURS);
    row.fileKey = (await storage.put(solidPng(64, 48, colour), 'png')).key;
  } else {
    const frequency = 330 + Math.floor(rand() * 4) * 110;
    row.voiceKey = (await storage.put(toneWav(frequency, 0.8), 'wav')).key;
  }
}
