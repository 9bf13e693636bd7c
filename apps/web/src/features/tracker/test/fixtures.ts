// Schedules, schedule details and answers as the server sends them, for the tracker's tests.
import type { ActionType } from '@fieldops/shared/enums';
import type { ActionResult } from '@fieldops/shared/answers';
import type { Schedule, ScheduleDetail, ScheduleKpis } from '@fieldops/shared/schedules';
import type { Action } from '@fieldops/shared/tasks';

export const WORKFLOW = '/services/workflow/api';
export const SITE = { latitude: 24.7136, longitude: 46.6753 };

const hour = 3600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

export function makeSchedule(extra: Partial<Schedule> = {}): Schedule {
  return {
    id: 40,
    planId: 3,
    taskId: 5,
    taskNameEn: 'Lobby inspection',
    taskNameAr: 'فحص الردهة',
    userId: 7,
    userFullName: 'Demo Owner',
    teamId: 4,
    teamName: 'Tower A',
    projectId: 2,
    projectName: 'Downtown',
    start: iso(-hour),
    end: iso(2 * hour),
    deadline: iso(3 * hour),
    dueAt: null,
    status: 'pending',
    answeredActions: 0,
    requiredActions: 2,
    lateAnswers: 0,
    ...extra,
  };
}

export function makeAction(id: number, order: number, type: ActionType, nameEn: string, extra: Partial<Action> = {}): Action {
  return {
    id,
    taskId: 5,
    order,
    nameEn,
    nameAr: null,
    descriptionEn: null,
    descriptionAr: null,
    type,
    options: [],
    required: false,
    criteria: null,
    tags: [],
    sectionId: null,
    weight: 1,
    settings: { min: null, max: null, unit: null, step: null, allowNa: false, scored: false },
    rules: {},
    image: null,
    ...extra,
  };
}

/** "Is anything damaged?" (required) then a required photo shown only on No, then optional remarks. */
export const chainedActions = (): Action[] => [
  makeAction(11, 1, 'YES_NO', 'Is anything damaged?', { required: true }),
  makeAction(12, 2, 'PHOTO', 'Photo of the damage', {
    required: true,
    criteria: { condition: { baseActionId: 11, answer: 'NO' }, visibility: 'DISPLAY' },
  }),
  makeAction(13, 3, 'TEXT', 'Remarks'),
];

export function makeDetail(extra: Partial<ScheduleDetail> = {}): ScheduleDetail {
  const actions = chainedActions();
  return {
    ...makeSchedule(),
    task: {
      id: 5,
      nameEn: 'Lobby inspection',
      nameAr: 'فحص الردهة',
      descriptionEn: null,
      descriptionAr: null,
      geoRestrictionEnabled: true,
      accuracyThreshold: null,
      passMark: null,
      tagId: null,
      tag: null,
      creatorId: 7,
      actionsCount: actions.length,
      completionRate: null,
      averageScore: null,
      createdDate: iso(-48 * hour),
      actions,
      sections: [],
    },
    site: { id: 4, name: 'Tower A', ...SITE, radius: 200 },
    answers: [],
    paused: false,
    canAnswer: true,
    ...extra,
  };
}

export function makeAnswer(action: Action, extra: Partial<ActionResult> = {}): ActionResult {
  return {
    id: 900 + action.id,
    scheduleId: 40,
    action: { id: action.id, nameEn: action.nameEn, nameAr: action.nameAr, type: action.type, options: action.options },
    taskId: 5,
    taskNameEn: 'Lobby inspection',
    taskNameAr: null,
    teamId: 4,
    teamName: 'Tower A',
    userId: 7,
    userFullName: 'Demo Owner',
    value: null,
    notes: null,
    file: null,
    voice: null,
    latitude: SITE.latitude,
    longitude: SITE.longitude,
    distance: 0,
    outside: false,
    isFlagged: false,
    statusCode: null,
    ticketId: null,
    createdDate: iso(-10 * 60_000),
    capturedAt: iso(-10 * 60_000),
    late: false,
    held: null,
    ...extra,
  };
}

export const kpis = (extra: Partial<ScheduleKpis> = {}): ScheduleKpis => ({
  id: null,
  missed: 0,
  done: 0,
  late: 0,
  pending: 0,
  inProgress: 0,
  total: 0,
  completionRate: 0,
  ...extra,
});

/** Today's calendar day in the test business's zone (Asia/Riyadh). */
export const riyadhToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
