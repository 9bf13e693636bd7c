// An inspection report as the server sends it, for the report's tests: a kitchen check with a part
// before the first section, a section whose photo a chain rule shows, one whose question a rule
// hides, and a whole section hidden by its own rule. And a fake server that records every call.
import { vi } from 'vitest';
import type { ActionType } from '@fieldops/shared/enums';
import type { ActionResult } from '@fieldops/shared/answers';
import type { InspectionReport, InspectionShare, VersionAction, VersionSection } from '@fieldops/shared/inspections';

export const WORKFLOW = '/services/workflow/api';

const SETTINGS = { min: null, max: null, unit: null, step: null, allowNa: false, scored: false };

function makeAction(id: number, type: ActionType, nameEn: string, nameAr: string, extra: Partial<VersionAction> = {}): VersionAction {
  return {
    id,
    nameEn,
    nameAr,
    descriptionEn: null,
    descriptionAr: null,
    type,
    options: [],
    required: false,
    criteria: null,
    sectionId: null,
    weight: 1,
    settings: SETTINGS,
    rules: {},
    ...extra,
  };
}

const section = (id: number, nameEn: string, nameAr: string, extra: Partial<VersionSection> = {}): VersionSection => ({
  id,
  nameEn,
  nameAr,
  descriptionEn: null,
  descriptionAr: null,
  criteria: null,
  ...extra,
});

const whenYes = (baseActionId: number) => ({ condition: { baseActionId, answer: 'YES' }, visibility: 'DISPLAY' as const });

export const ACTIONS = {
  gloves: makeAction(101, 'INSTRUCTION', 'Wear gloves', 'ارتدِ القفازات', {
    descriptionEn: 'Put on gloves before you start.',
    descriptionAr: 'ارتدِ القفازات قبل أن تبدأ.',
  }),
  entrance: makeAction(102, 'YES_NO', 'Is the entrance clean?', 'هل المدخل نظيف؟'),
  fridge: makeAction(111, 'NUMBER', 'Fridge temperature', 'حرارة الثلاجة', {
    sectionId: 1,
    settings: { ...SETTINGS, min: 0, max: 5, unit: '°C', scored: true },
  }),
  damage: makeAction(112, 'YES_NO', 'Any damage?', 'هل يوجد تلف؟', { sectionId: 1 }),
  damagePhoto: makeAction(113, 'PHOTO', 'Photo of the damage', 'صورة التلف', { sectionId: 1, criteria: whenYes(112) }),
  remarks: makeAction(114, 'TEXT', 'Remarks', 'ملاحظات إضافية', { sectionId: 1 }),
  locked: makeAction(121, 'YES_NO', 'Is the storeroom locked?', 'هل المخزن مقفل؟', { sectionId: 2 }),
  shelves: makeAction(122, 'MULTIPLE_CHOICE', 'Which shelves were checked?', 'ما الرفوف التي فُحصت؟', {
    sectionId: 2,
    criteria: whenYes(121),
    options: [
      { labelEn: 'Top', labelAr: 'العلوي' },
      { labelEn: 'Bottom', labelAr: 'السفلي' },
    ],
  }),
  signature: makeAction(123, 'SIGNATURE', "Inspector's signature", 'توقيع المفتش', { sectionId: 2 }),
  voice: makeAction(124, 'VOICE', 'Anything else?', 'أي شيء آخر؟', { sectionId: 2 }),
  tidiness: makeAction(125, 'RATING', 'Overall tidiness', 'الترتيب العام', { sectionId: 2 }),
  roof: makeAction(131, 'TEXT', 'Roof condition', 'حالة السطح', { sectionId: 3 }),
};

export const SECTIONS = {
  kitchen: section(1, 'Kitchen', 'المطبخ'),
  storage: section(2, 'Storage', 'المخزن'),
  // Shown only when the storeroom is locked, which it is not.
  roof: section(3, 'Roof', 'السطح', { criteria: whenYes(121) }),
};

export const FILES = {
  photo: '/api/files/2026/damage.jpg?expires=1&signature=abc',
  signature: '/api/files/2026/signature.png?expires=1&signature=def',
  voice: '/api/files/2026/voice.webm?expires=1&signature=ghi',
  logo: '/api/files/2026/logo.png?expires=1&signature=jkl',
};

export function makeAnswer(action: VersionAction, extra: Partial<ActionResult> = {}): ActionResult {
  return {
    id: 900 + action.id,
    scheduleId: 40,
    action: { id: action.id, nameEn: action.nameEn, nameAr: action.nameAr, type: action.type, options: action.options, settings: action.settings },
    taskId: 5,
    taskNameEn: 'Kitchen check',
    taskNameAr: 'فحص المطبخ',
    teamId: 4,
    teamName: 'Tower A',
    userId: 7,
    userFullName: 'Omar Haddad',
    value: null,
    notes: null,
    file: null,
    voice: null,
    latitude: null,
    longitude: null,
    distance: null,
    outside: false,
    isFlagged: false,
    statusCode: null,
    ticketId: null,
    createdDate: '2026-03-14T06:15:00.000Z',
    capturedAt: '2026-03-14T06:15:00.000Z',
    late: false,
    held: null,
    ...extra,
  };
}

export function makeReport(
  extra: { inspection?: Partial<InspectionReport['inspection']> } & Partial<Omit<InspectionReport, 'inspection'>> = {},
): InspectionReport {
  const { inspection, ...rest } = extra;
  const a = ACTIONS;
  return {
    business: { name: 'Acme Services', colour: '#0ca678', logo: FILES.logo, timeZone: 'Asia/Riyadh' },
    position: 'Shift supervisor',
    ...rest,
    inspection: {
      schedule: {
        id: 40,
        planId: 3,
        taskId: 5,
        taskNameEn: 'Kitchen check',
        taskNameAr: 'فحص المطبخ',
        userId: 7,
        userFullName: 'Omar Haddad',
        teamId: 4,
        teamName: 'Tower A',
        projectId: 2,
        projectName: 'Downtown',
        // 8:00 AM to 5:00 PM in Riyadh.
        start: '2026-03-14T05:00:00.000Z',
        end: '2026-03-14T14:00:00.000Z',
        deadline: '2026-03-14T15:00:00.000Z',
        dueAt: null,
        status: 'done',
        answeredActions: null,
        requiredActions: null,
        lateAnswers: null,
      },
      version: {
        id: 12,
        number: 3,
        content: {
          nameEn: 'Kitchen check',
          nameAr: 'فحص المطبخ',
          passMark: 80,
          sections: [SECTIONS.kitchen, SECTIONS.storage, SECTIONS.roof],
          actions: Object.values(a),
        },
      },
      answers: [
        makeAnswer(a.entrance, { value: 'YES' }),
        makeAnswer(a.fridge, { value: 9, isFlagged: true, notes: 'The door does not close' }),
        makeAnswer(a.damage, { value: 'YES' }),
        makeAnswer(a.damagePhoto, { file: FILES.photo }),
        makeAnswer(a.locked, { value: 'NO' }),
        makeAnswer(a.signature, { file: FILES.signature }),
        makeAnswer(a.voice, { voice: FILES.voice, notes: 'Spoken by the supervisor' }),
        makeAnswer(a.tidiness, { value: 4, capturedAt: '2026-03-14T06:40:00.000Z' }),
      ],
      score: {
        achieved: 5,
        possible: 8,
        percent: 62.5,
        passed: false,
        failed: [a.fridge.id, a.locked.id],
        sections: [
          { sectionId: null, achieved: 1, possible: 1, percent: 100 },
          { sectionId: 1, achieved: 1, possible: 2, percent: 50 },
          { sectionId: 2, achieved: 3, possible: 5, percent: 60 },
          { sectionId: 3, achieved: 0, possible: 0, percent: null },
        ],
      },
      ...inspection,
    },
  };
}

export function makeShare(id: number, extra: Partial<InspectionShare> = {}): InspectionShare {
  return {
    id,
    scheduleId: 40,
    creatorName: 'Demo Owner',
    createdAt: '2026-03-15T07:00:00.000Z',
    expiresAt: new Date(Date.now() + 20 * 24 * 3600_000).toISOString(),
    revokedAt: null,
    ...extra,
  };
}

export interface ServerCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** Replaces fetch: `answer` gives each call's response (404 when it gives none); every call is kept. */
export function stubServer(answer: (call: ServerCall) => Response | undefined): ServerCall[] {
  const calls: ServerCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: ServerCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    return answer(call) ?? problem(404, 'Page not found. Please try again.');
  });
  return calls;
}

export const problem = (status: number, message: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, message }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
