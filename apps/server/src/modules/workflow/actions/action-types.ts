// The action types offered by GET /v1/action-types, named in both languages.
import { ACTION_TYPES, CHAINABLE_ACTION_TYPES, OPTION_ACTION_TYPES, type ActionType } from '@fieldops/shared/enums';
import type { ActionTypeInfo } from '@fieldops/shared/tasks';

const NAMES: Record<ActionType, { nameEn: string; nameAr: string }> = {
  TEXT: { nameEn: 'Text', nameAr: 'نص' },
  NUMBER: { nameEn: 'Number', nameAr: 'رقم' },
  YES_NO: { nameEn: 'Yes or no', nameAr: 'نعم أو لا' },
  SINGLE_CHOICE: { nameEn: 'Single choice', nameAr: 'اختيار واحد' },
  MULTIPLE_CHOICE: { nameEn: 'Multiple choice', nameAr: 'اختيار متعدد' },
  PHOTO: { nameEn: 'Photo', nameAr: 'صورة' },
  VOICE: { nameEn: 'Voice note', nameAr: 'ملاحظة صوتية' },
  DATE: { nameEn: 'Date', nameAr: 'تاريخ' },
  TIME: { nameEn: 'Time', nameAr: 'وقت' },
  RATING: { nameEn: 'Rating', nameAr: 'تقييم' },
  SLIDER: { nameEn: 'Slider', nameAr: 'شريط تمرير' },
  CHECK: { nameEn: 'Check step', nameAr: 'خطوة تأكيد' },
  SIGNATURE: { nameEn: 'Signature', nameAr: 'توقيع' },
  INSTRUCTION: { nameEn: 'Instruction', nameAr: 'تعليمات' },
};

export const ACTION_TYPE_INFOS: readonly ActionTypeInfo[] = ACTION_TYPES.map((type) => ({
  type,
  ...NAMES[type],
  hasOptions: OPTION_ACTION_TYPES.includes(type),
  chainable: CHAINABLE_ACTION_TYPES.includes(type),
}));
