// Data every installation has: the industries offered at onboarding and the task template library.
import type { Db } from '../db/client.ts';
import { industries } from '../db/schema.ts';
import { ensureTaskLibrary } from './task-library.ts';

const INDUSTRIES = [
  { code: 'cleaning', nameEn: 'Cleaning', nameAr: 'خدمات التنظيف' },
  { code: 'security', nameEn: 'Security', nameAr: 'الأمن والحراسة' },
  { code: 'maintenance', nameEn: 'Maintenance', nameAr: 'الصيانة' },
  { code: 'retail', nameEn: 'Retail audits', nameAr: 'تدقيق المتاجر' },
  { code: 'facility', nameEn: 'Facility management', nameAr: 'إدارة المرافق' },
  { code: 'hospitality', nameEn: 'Hospitality', nameAr: 'الضيافة' },
  { code: 'logistics', nameEn: 'Logistics', nameAr: 'الخدمات اللوجستية' },
  { code: 'other', nameEn: 'Other', nameAr: 'أخرى' },
];

export async function ensureReferenceData(db: Db) {
  await db.insert(industries).values(INDUSTRIES).onConflictDoNothing({ target: industries.code });
  await ensureTaskLibrary(db);
}
