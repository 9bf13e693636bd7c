// Bilingual values entered by users (nameEn/nameAr) are shown in the current language,
// falling back to the other one (DESIGN §9).
import type { Language } from './i18n/language.ts';

export interface BilingualName {
  nameEn?: string | null;
  nameAr?: string | null;
}

export function localizedName(item: BilingualName, language: Language): string {
  const en = item.nameEn?.trim() ?? '';
  const ar = item.nameAr?.trim() ?? '';
  return language === 'ar' ? ar || en : en || ar;
}

export function initialOf(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

export interface BilingualDescription {
  descriptionEn?: string | null;
  descriptionAr?: string | null;
}

export function localizedDescription(item: BilingualDescription, language: Language): string {
  const en = item.descriptionEn?.trim() ?? '';
  const ar = item.descriptionAr?.trim() ?? '';
  return language === 'ar' ? ar || en : en || ar;
}
