// Tasks, actions and action types as the server sends them, for the component tests.
import type { ActionType } from '@fieldops/shared/enums';
import type { Action, ActionTypeInfo, Task, TaskWithActions } from '@fieldops/shared/tasks';

export const actionTypes: ActionTypeInfo[] = [
  { type: 'TEXT', nameEn: 'Text', nameAr: 'نص', hasOptions: false, chainable: false },
  { type: 'YES_NO', nameEn: 'Yes / No', nameAr: 'نعم / لا', hasOptions: false, chainable: true },
  { type: 'SINGLE_CHOICE', nameEn: 'Single choice', nameAr: 'اختيار واحد', hasOptions: true, chainable: true },
  { type: 'MULTIPLE_CHOICE', nameEn: 'Multiple choice', nameAr: 'اختيار متعدد', hasOptions: true, chainable: true },
  { type: 'PHOTO', nameEn: 'Photo', nameAr: 'صورة', hasOptions: false, chainable: false },
  { type: 'NUMBER', nameEn: 'Number', nameAr: 'رقم', hasOptions: false, chainable: false },
];

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

export function makeTask(extra: Partial<Task> = {}): Task {
  return {
    id: 5,
    nameEn: 'Lobby inspection',
    nameAr: 'فحص الردهة',
    descriptionEn: 'Daily walk-through',
    descriptionAr: null,
    geoRestrictionEnabled: true,
    accuracyThreshold: null,
    passMark: null,
    tagId: null,
    tag: null,
    creatorId: 7,
    actionsCount: 0,
    completionRate: null,
    averageScore: null,
    createdDate: '2025-01-05T08:00:00.000Z',
    ...extra,
  };
}

/** "Is anything damaged?" then "Photo of the damage", shown only when the answer is No. */
export function chainedTask(): TaskWithActions {
  const actions = [
    makeAction(11, 1, 'YES_NO', 'Is anything damaged?', { required: true }),
    makeAction(12, 2, 'PHOTO', 'Photo of the damage', {
      required: true,
      criteria: { condition: { baseActionId: 11, answer: 'NO' }, visibility: 'DISPLAY' },
    }),
    makeAction(13, 3, 'TEXT', 'Remarks'),
  ];
  return { ...makeTask({ actionsCount: actions.length }), actions, sections: [] };
}
