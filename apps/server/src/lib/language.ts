// The language a request asks in, from its Accept-Language header: the first listed that the
// product speaks (English or Arabic, with any region: `ar-SA`), English when none is.
import { LANGUAGES, type Language } from '@fieldops/shared/limits';

export function languageOf(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const base = part.trim().split(';')[0]?.toLowerCase().split(/[-_]/)[0] ?? '';
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return LANGUAGES[0];
}
