// Answers (action results) as the server sends them, for the component tests.
import type { ActionType } from '@fieldops/shared/enums';
import type { ActionResult } from '@fieldops/shared/answers';
import type { ActionOption } from '@fieldops/shared/tasks';

export const cleanlinessOptions: ActionOption[] = [
  { labelEn: 'Clean', labelAr: 'نظيف' },
  { labelEn: 'Dusty', labelAr: 'مغبر' },
  { labelEn: 'Wet floor', labelAr: 'أرضية مبللة' },
];

export function makeAnswer(id: number, type: ActionType, value: ActionResult['value'], extra: Partial<ActionResult> = {}): ActionResult {
  return {
    id,
    scheduleId: 90,
    action: { id: 11, nameEn: 'Lobby floor', nameAr: 'أرضية الردهة', type, options: cleanlinessOptions },
    taskId: 5,
    taskNameEn: 'Lobby inspection',
    taskNameAr: 'فحص الردهة',
    teamId: 1,
    teamName: 'Tower A',
    userId: 3,
    userFullName: 'Omar Haddad',
    value,
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
    createdDate: '2025-03-14T07:30:00.000Z',
    capturedAt: '2025-03-14T07:30:00.000Z',
    late: false,
    held: null,
    ...extra,
  };
}
