// The shipped template library: ready-made checklists every business can copy into a task. They
// are kept up to date on every start (matched by `key`), so old and new databases alike have the
// current library.
import { and, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { ActionType, ActionVisibility } from '@fieldops/shared/enums';
import type { TemplateAction, TemplateContent } from '@fieldops/shared/tasks';
import type { Db } from '../db/client.ts';
import { taskTemplates } from '../db/schema-workflow.ts';

export interface LibraryTemplate {
  key: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  content: TemplateContent;
}

interface Step {
  required?: boolean;
  options?: [string, string][];
  /** A chain rule: when the action at `base` is answered `answer`, this one takes `show`. */
  when?: { base: number; answer: string; show: ActionVisibility };
  /** The section (by position) it belongs to. */
  section?: number;
  weight?: number;
  /** Points per answer (YES/NO, or option index), and the answers that raise a flag. */
  scores?: Record<string, number>;
  flags?: string[];
}

const NO_EVIDENCE = { na: false, photoRequired: false, noteRequired: false, flag: false };

/** One action: its names in both languages, its type and the rest as needed. */
function step(nameEn: string, nameAr: string, type: ActionType, more: Step = {}): TemplateAction {
  return {
    nameEn,
    nameAr,
    descriptionEn: null,
    descriptionAr: null,
    type,
    options: (more.options ?? []).map(([labelEn, labelAr]) => ({ labelEn, labelAr })),
    required: more.required ?? false,
    criteria: more.when ? { condition: { baseIndex: more.when.base, answer: more.when.answer }, visibility: more.when.show } : null,
    ...(more.section !== undefined ? { section: more.section } : {}),
    ...(more.weight !== undefined ? { weight: more.weight } : {}),
    ...(more.scores
      ? {
          rules: Object.fromEntries(
            Object.entries(more.scores).map(([key, score]) => [key, { ...NO_EVIDENCE, score, flag: more.flags?.includes(key) ?? false }]),
          ),
        }
      : {}),
  };
}

const section = (nameEn: string, nameAr: string) => ({ nameEn, nameAr, descriptionEn: null, descriptionAr: null, criteria: null });

const required = true;

export const TASK_LIBRARY: readonly LibraryTemplate[] = [
  {
    key: 'daily-cleaning',
    nameEn: 'Daily cleaning checklist',
    nameAr: 'قائمة التنظيف اليومية',
    descriptionEn: 'The daily round of an area: floors, bins, surfaces, supplies and anything damaged.',
    descriptionAr: 'الجولة اليومية على المنطقة: الأرضيات وسلال المهملات والأسطح والمستلزمات وأي تلف.',
    content: {
      geoRestrictionEnabled: true,
      actions: [
        step('Floors swept and mopped', 'تم كنس الأرضيات ومسحها', 'CHECK', { required }),
        step('Bins emptied and liners replaced', 'تم إفراغ سلال المهملات وتغيير الأكياس', 'CHECK', { required }),
        step('Surfaces wiped with disinfectant', 'تم مسح الأسطح بالمطهّر', 'CHECK', { required }),
        step('Are cleaning supplies running low?', 'هل مستلزمات التنظيف على وشك النفاد؟', 'YES_NO', { required }),
        step('Which supplies need restocking?', 'ما المستلزمات التي تحتاج إلى إعادة تعبئة؟', 'MULTIPLE_CHOICE', {
          required,
          options: [
            ['Soap', 'صابون'],
            ['Paper towels', 'مناديل ورقية'],
            ['Toilet paper', 'ورق التواليت'],
            ['Disinfectant', 'مطهّر'],
            ['Bin liners', 'أكياس النفايات'],
          ],
          when: { base: 3, answer: 'YES', show: 'DISPLAY' },
        }),
        step('Is anything damaged?', 'هل يوجد أي شيء تالف؟', 'YES_NO', { required }),
        step('Photo of the damage', 'صورة للضرر', 'PHOTO', { required, when: { base: 5, answer: 'YES', show: 'DISPLAY' } }),
        step('Overall cleanliness', 'مستوى النظافة العام', 'RATING', { required }),
        step('Notes', 'ملاحظات', 'TEXT'),
      ],
    },
  },
  {
    key: 'security-patrol',
    nameEn: 'Security patrol',
    nameAr: 'جولة الحراسة الأمنية',
    descriptionEn: 'Walk the route, check every gate, the lighting and the cameras, and report anything suspicious.',
    descriptionAr: 'امشِ على مسار الجولة وتحقق من كل بوابة والإنارة والكاميرات، وأبلغ عن أي شيء مريب.',
    content: {
      geoRestrictionEnabled: true,
      actions: [
        step('Photo at the main gate checkpoint', 'صورة عند نقطة تفتيش البوابة الرئيسية', 'PHOTO', { required }),
        step('Gates and doors locked', 'البوابات والأبواب مقفلة', 'CHECK', { required }),
        step('Is the perimeter lighting working?', 'هل إنارة المحيط تعمل؟', 'YES_NO', { required }),
        step('Which area is dark?', 'ما المنطقة المظلمة؟', 'SINGLE_CHOICE', {
          required,
          options: [
            ['North side', 'الجهة الشمالية'],
            ['South side', 'الجهة الجنوبية'],
            ['Parking', 'المواقف'],
            ['Entrance', 'المدخل'],
          ],
          when: { base: 2, answer: 'NO', show: 'DISPLAY' },
        }),
        step('Any suspicious activity?', 'هل لوحظ أي نشاط مريب؟', 'YES_NO', { required }),
        step('Describe what you saw', 'صف ما شاهدته', 'TEXT', { required, when: { base: 4, answer: 'YES', show: 'DISPLAY' } }),
        step('Voice report', 'تقرير صوتي', 'VOICE', { when: { base: 4, answer: 'YES', show: 'DISPLAY' } }),
        step('Are the CCTV cameras working?', 'هل كاميرات المراقبة تعمل؟', 'YES_NO', { required }),
        step('Patrol notes', 'ملاحظات الجولة', 'TEXT'),
      ],
    },
  },
  {
    key: 'store-opening-audit',
    nameEn: 'Store opening audit',
    nameAr: 'تدقيق افتتاح المتجر',
    descriptionEn: 'Before the doors open: on time, storefront, shelves, prices, cash and staff.',
    descriptionAr: 'قبل فتح الأبواب: الالتزام بالموعد والواجهة والرفوف والأسعار والصندوق والموظفون.',
    content: {
      geoRestrictionEnabled: true,
      actions: [
        step('Did the store open on time?', 'هل فُتح المتجر في الوقت المحدد؟', 'YES_NO', { required }),
        step('Reason for the late opening', 'سبب التأخر في الافتتاح', 'SINGLE_CHOICE', {
          required,
          options: [
            ['Staff late', 'تأخر الموظفين'],
            ['Delivery delay', 'تأخر التوريد'],
            ['Technical problem', 'عطل فني'],
            ['Other', 'أخرى'],
          ],
          when: { base: 0, answer: 'NO', show: 'DISPLAY' },
        }),
        step('Photo of the storefront', 'صورة واجهة المتجر', 'PHOTO', { required }),
        step('Shelves stocked and faced', 'الرفوف ممتلئة ومرتبة', 'CHECK', { required }),
        step('Are the price tags correct?', 'هل بطاقات الأسعار صحيحة؟', 'YES_NO', { required }),
        step('Photo of the wrong price tags', 'صورة بطاقات الأسعار الخاطئة', 'PHOTO', { required, when: { base: 4, answer: 'NO', show: 'DISPLAY' } }),
        step('Opening cash float', 'رصيد الصندوق عند الافتتاح', 'NUMBER', { required }),
        step('Staff present', 'عدد الموظفين الحاضرين', 'NUMBER', { required }),
        step('Store presentation', 'مظهر المتجر', 'RATING'),
      ],
    },
  },
  {
    key: 'fire-safety-inspection',
    nameEn: 'Fire-safety inspection',
    nameAr: 'فحص السلامة من الحرائق',
    descriptionEn: 'Extinguishers, emergency exits, exit signs and the fire alarm panel.',
    descriptionAr: 'طفايات الحريق ومخارج الطوارئ ولافتات المخارج ولوحة إنذار الحريق.',
    // A scored inspection: three sections, points per answer (extinguishers count double), a
    // flag on each failing answer, and a pass mark.
    content: {
      geoRestrictionEnabled: true,
      passMark: 80,
      sections: [section('Extinguishers', 'طفايات الحريق'), section('Exits and signs', 'المخارج واللافتات'), section('Alarm panel', 'لوحة الإنذار')],
      actions: [
        step('Are the extinguishers in place and charged?', 'هل طفايات الحريق في أماكنها ومعبأة؟', 'YES_NO', {
          required,
          section: 0,
          weight: 2,
          scores: { YES: 1, NO: 0 },
          flags: ['NO'],
        }),
        step('Photo of the extinguisher problem', 'صورة لمشكلة الطفاية', 'PHOTO', { required, section: 0, when: { base: 0, answer: 'NO', show: 'DISPLAY' } }),
        step('Date of the last extinguisher service', 'تاريخ آخر صيانة للطفايات', 'DATE', { required, section: 0 }),
        step('Are the emergency exits clear?', 'هل مخارج الطوارئ خالية من العوائق؟', 'YES_NO', {
          required,
          section: 1,
          scores: { YES: 1, NO: 0 },
          flags: ['NO'],
        }),
        step('What is blocking the exit?', 'ما الذي يعيق المخرج؟', 'MULTIPLE_CHOICE', {
          required,
          section: 1,
          options: [
            ['Boxes or goods', 'صناديق أو بضائع'],
            ['Locked door', 'باب مقفل'],
            ['Furniture', 'أثاث'],
            ['Other', 'أخرى'],
          ],
          when: { base: 3, answer: 'NO', show: 'DISPLAY' },
        }),
        step('Exit signs lit', 'لافتات المخارج مضاءة', 'CHECK', { required, section: 1 }),
        step('Fire alarm panel status', 'حالة لوحة إنذار الحريق', 'SINGLE_CHOICE', {
          required,
          section: 2,
          options: [
            ['Normal', 'طبيعية'],
            ['Fault', 'عطل'],
            ['Alarm', 'إنذار'],
          ],
          scores: { '0': 1, '1': 0, '2': 0 },
          flags: ['1', '2'],
        }),
        step('Describe the fault in a voice note', 'صف العطل بملاحظة صوتية', 'VOICE', {
          required,
          section: 2,
          when: { base: 6, answer: '1', show: 'DISPLAY' },
        }),
        step('Inspector notes', 'ملاحظات المفتش', 'TEXT', { section: 2 }),
      ],
    },
  },
  {
    key: 'vehicle-check',
    nameEn: 'Vehicle check',
    nameAr: 'فحص المركبة',
    descriptionEn: 'The check before a vehicle leaves: odometer, fuel, tyres, lights, warnings and body damage.',
    descriptionAr: 'الفحص قبل خروج المركبة: عداد المسافة والوقود والإطارات والأضواء والتحذيرات وأضرار الهيكل.',
    content: {
      // Vehicles are checked wherever they are parked.
      geoRestrictionEnabled: false,
      actions: [
        step('Odometer reading (km)', 'قراءة عداد المسافة (كم)', 'NUMBER', { required }),
        step('Fuel level', 'مستوى الوقود', 'SINGLE_CHOICE', {
          required,
          options: [
            ['Full', 'ممتلئ'],
            ['Three quarters', 'ثلاثة أرباع'],
            ['Half', 'النصف'],
            ['A quarter or less', 'ربع أو أقل'],
          ],
        }),
        step('Are the tyres in good condition?', 'هل الإطارات بحالة جيدة؟', 'YES_NO', { required }),
        step('Photo of the tyre', 'صورة الإطار', 'PHOTO', { required, when: { base: 2, answer: 'NO', show: 'DISPLAY' } }),
        step('Lights and indicators working', 'الأضواء والإشارات تعمل', 'CHECK', { required }),
        step('Any warning lights on the dashboard?', 'هل تظهر أضواء تحذيرية في لوحة العدادات؟', 'YES_NO', { required }),
        step('Photo of the dashboard', 'صورة لوحة العدادات', 'PHOTO', { required, when: { base: 5, answer: 'YES', show: 'DISPLAY' } }),
        step('Any new dents or scratches?', 'هل توجد صدمات أو خدوش جديدة؟', 'YES_NO', { required }),
        step('Photo of the damage', 'صورة للضرر', 'PHOTO', { required, when: { base: 7, answer: 'YES', show: 'DISPLAY' } }),
        step('Vehicle cleanliness', 'نظافة المركبة', 'RATING'),
      ],
    },
  },
  {
    key: 'restroom-hygiene',
    nameEn: 'Restroom hygiene check',
    nameAr: 'فحص نظافة دورات المياه',
    descriptionEn: 'An hourly check of a restroom: cleanliness, supplies, leaks and odour.',
    descriptionAr: 'فحص دوري كل ساعة لدورة المياه: النظافة والمستلزمات والتسريبات والرائحة.',
    content: {
      geoRestrictionEnabled: true,
      actions: [
        step('Toilets and urinals clean', 'المراحيض والمباول نظيفة', 'CHECK', { required }),
        step('Sinks and mirrors clean', 'المغاسل والمرايا نظيفة', 'CHECK', { required }),
        step('Are soap and paper stocked?', 'هل الصابون والمناديل متوفرة؟', 'YES_NO', { required }),
        step('What is missing?', 'ما الناقص؟', 'MULTIPLE_CHOICE', {
          required,
          options: [
            ['Soap', 'صابون'],
            ['Paper towels', 'مناديل ورقية'],
            ['Toilet paper', 'ورق التواليت'],
            ['Air freshener', 'معطّر الجو'],
          ],
          when: { base: 2, answer: 'NO', show: 'DISPLAY' },
        }),
        step('Any leaks or blockages?', 'هل توجد تسريبات أو انسدادات؟', 'YES_NO', { required }),
        step('Photo of the leak or blockage', 'صورة للتسريب أو الانسداد', 'PHOTO', { required, when: { base: 4, answer: 'YES', show: 'DISPLAY' } }),
        step('Odour', 'الرائحة', 'RATING', { required }),
        step('Notes', 'ملاحظات', 'TEXT'),
      ],
    },
  },
  {
    key: 'work-order-close-out',
    nameEn: 'Maintenance work order close-out',
    nameAr: 'إغلاق أمر عمل الصيانة',
    descriptionEn: 'Closing a work order: what was done, before and after photos, parts, hours and sign-off.',
    descriptionAr: 'إغلاق أمر العمل: ما أُنجز وصور قبل العمل وبعده وقطع الغيار والساعات والاعتماد.',
    content: {
      geoRestrictionEnabled: true,
      actions: [
        step('Work order number', 'رقم أمر العمل', 'TEXT', { required }),
        step('Type of work', 'نوع العمل', 'SINGLE_CHOICE', {
          required,
          options: [
            ['Electrical', 'كهرباء'],
            ['Plumbing', 'سباكة'],
            ['Air conditioning', 'تكييف'],
            ['Carpentry', 'نجارة'],
            ['Other', 'أخرى'],
          ],
        }),
        step('Photo before the work', 'صورة قبل العمل', 'PHOTO', { required }),
        step('Photo after the work', 'صورة بعد العمل', 'PHOTO', { required }),
        step('Were spare parts used?', 'هل استُخدمت قطع غيار؟', 'YES_NO', { required }),
        step('Parts used', 'قطع الغيار المستخدمة', 'TEXT', { required, when: { base: 4, answer: 'YES', show: 'DISPLAY' } }),
        step('Hours spent', 'عدد ساعات العمل', 'NUMBER', { required }),
        step('Is the fault fully fixed?', 'هل أُصلح العطل بالكامل؟', 'YES_NO', { required }),
        step('What is still needed?', 'ما المطلوب لاستكمال الإصلاح؟', 'TEXT', { required, when: { base: 7, answer: 'NO', show: 'DISPLAY' } }),
        step('Work area cleaned up', 'تم تنظيف موقع العمل', 'CHECK', { required }),
        // Satisfaction is asked of a finished job; for an unfinished one it is shown dimmed.
        step('Requester satisfaction', 'رضا مقدّم الطلب', 'RATING', { required, when: { base: 7, answer: 'NO', show: 'DIM' } }),
      ],
    },
  },
  {
    key: 'customer-area-safety',
    nameEn: 'Customer-area safety walk',
    nameAr: 'جولة السلامة في مناطق العملاء',
    descriptionEn: 'A walk through the areas customers use: floors, walkways, stairs and hazards.',
    descriptionAr: 'جولة في المناطق التي يستخدمها العملاء: الأرضيات والممرات والسلالم والمخاطر.',
    content: {
      geoRestrictionEnabled: true,
      actions: [
        step('Are the floors dry and free of spills?', 'هل الأرضيات جافة وخالية من الانسكابات؟', 'YES_NO', { required }),
        step('Wet-floor sign placed', 'تم وضع لافتة الأرضية المبللة', 'CHECK', { required, when: { base: 0, answer: 'NO', show: 'DISPLAY' } }),
        step('Are the walkways clear?', 'هل الممرات خالية من العوائق؟', 'YES_NO', { required }),
        step('Photo of the obstacle', 'صورة العائق', 'PHOTO', { required, when: { base: 2, answer: 'NO', show: 'DISPLAY' } }),
        step('Handrails and stairs safe', 'الدرابزين والسلالم آمنة', 'CHECK', { required }),
        step('Hazards found', 'المخاطر التي وُجدت', 'MULTIPLE_CHOICE', {
          required,
          options: [
            ['Loose cables', 'أسلاك مكشوفة'],
            ['Broken glass', 'زجاج مكسور'],
            ['Damaged flooring', 'أرضية تالفة'],
            ['Poor lighting', 'إضاءة ضعيفة'],
            ['None', 'لا يوجد'],
          ],
        }),
        step('Describe the hazards', 'صف المخاطر', 'TEXT', { when: { base: 5, answer: '4', show: 'HIDDEN' } }),
        step('Overall safety', 'مستوى السلامة العام', 'RATING', { required }),
      ],
    },
  },
];

/** Inserts new library templates, refreshes changed ones and removes those no longer shipped. */
export async function ensureTaskLibrary(db: Db) {
  await db
    .insert(taskTemplates)
    .values(TASK_LIBRARY.map((t) => ({ ...t, businessId: null, actionsCount: t.content.actions.length })))
    .onConflictDoUpdate({
      target: taskTemplates.key,
      set: {
        nameEn: sql`excluded.name_en`,
        nameAr: sql`excluded.name_ar`,
        descriptionEn: sql`excluded.description_en`,
        descriptionAr: sql`excluded.description_ar`,
        content: sql`excluded.content`,
        actionsCount: sql`excluded.actions_count`,
      },
      // An unchanged library writes nothing.
      setWhere: sql`(${taskTemplates.nameEn}, ${taskTemplates.nameAr}, ${taskTemplates.descriptionEn}, ${taskTemplates.descriptionAr}, ${taskTemplates.content})
        IS DISTINCT FROM (excluded.name_en, excluded.name_ar, excluded.description_en, excluded.description_ar, excluded.content)`,
    });
  await db.delete(taskTemplates).where(
    and(
      isNull(taskTemplates.businessId),
      or(
        isNull(taskTemplates.key),
        notInArray(
          taskTemplates.key,
          TASK_LIBRARY.map((t) => t.key),
        ),
      ),
    ),
  );
}
