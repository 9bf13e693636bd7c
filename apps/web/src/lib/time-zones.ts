// IANA time zones for pickers, with the browser's own zone as the default, and the name people
// read for one: its city, its name in their language and its offset, not the raw id.
import { dateTimeFormat } from './intl.ts';

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function listTimeZones(ensure: string = browserTimeZone()): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, 'UTC', ensure]);
  return [...all].sort((a, b) => a.localeCompare(b));
}

function zoneNamePart(zone: string, language: string, style: 'longGeneric' | 'long' | 'shortGeneric' | 'shortOffset', at: Date): string | undefined {
  try {
    return dateTimeFormat(language, { timeZone: zone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/** How each language writes a zone's place into its generic location name ("توقيت نيويورك"). */
const PLACE_IN_NAME: Record<string, RegExp> = { ar: /^توقيت (.+)$/ };

/**
 * The place a zone is known by: in English its city, from its id ("Riyadh", "New York"), which
 * is what people search for; in another language the place written in it, as the browser names
 * it: the zone's city ("نيويورك"), or its country where the country has one zone ("المملكة
 * العربية السعودية"). None when the language has no such name for the zone.
 */
function zonePlace(zone: string, language: string, at: Date): string | undefined {
  const pattern = PLACE_IN_NAME[language.split('-')[0]!];
  if (!pattern) return zone.includes('/') ? zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ') : zone;
  return pattern.exec(zoneNamePart(zone, language, 'shortGeneric', at) ?? '')?.[1];
}

/**
 * "Riyadh — Arabian Standard Time (GMT+3)", "المملكة العربية السعودية — التوقيت العربي الرسمي
 * (غرينتش+3)": the zone's place in the language, its name in the language and its offset now
 * (a name that already says the place stands alone); the id's city when the browser knows none
 * of it.
 */
export function timeZoneLabel(zone: string, language: string, at = new Date()): string {
  const offset = zoneNamePart(zone, language, 'shortOffset', at);
  let name = zoneNamePart(zone, language, 'longGeneric', at);
  // A generic name that is only an offset ("GMT+00:00") says less than the full one.
  if (!name || /\d/.test(name)) name = zoneNamePart(zone, language, 'long', at);
  if (name && /\d/.test(name)) name = undefined;
  const place = zonePlace(zone, language, at);
  let named: string;
  if (place && name) named = name.includes(place) ? name : `${place} — ${name}`;
  else named = place ?? name ?? zone;
  return offset ? `${named} (${offset})` : named;
}
