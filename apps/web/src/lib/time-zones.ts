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

function zoneNamePart(zone: string, language: string, style: 'longGeneric' | 'long' | 'shortOffset', at: Date): string | undefined {
  try {
    return dateTimeFormat(language, { timeZone: zone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/**
 * "Riyadh — Arabian Standard Time (GMT+3)", "Riyadh — التوقيت العربي الرسمي (غرينتش+3)": the
 * zone's city (from its id), its name in the language and its offset now; the id when the
 * browser knows none of it.
 */
export function timeZoneLabel(zone: string, language: string, at = new Date()): string {
  const offset = zoneNamePart(zone, language, 'shortOffset', at);
  let name = zoneNamePart(zone, language, 'longGeneric', at);
  // A generic name that is only an offset ("GMT+00:00") says less than the full one.
  if (!name || /\d/.test(name)) name = zoneNamePart(zone, language, 'long', at);
  const city = zone.includes('/') ? zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ') : zone;
  const named = name && name !== city && !/\d/.test(name) ? `${city} — ${name}` : city;
  return offset ? `${named} (${offset})` : named;
}
