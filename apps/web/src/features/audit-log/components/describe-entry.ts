// An audit entry as a sentence a person reads ("Sara changed Omar's role from Member to Admin"),
// in the page's language. An entry naming a part of its target (a task's action or section) is
// told by that part and how it changed ("Sara added the action “Gate” to the task Night round").
// Kinds this page does not know yet (other parts of the app add kinds) are still told from what
// every entry holds: who, what kind of change, and to what.
// Every name a sentence holds (a person, a task, an action, a site, an address, an unknown kind) is
// isolated from the sentence's direction, so an English name in an Arabic sentence, or an Arabic
// one in an English sentence, keeps its punctuation where it belongs: «Gate locked?», not «?Gate locked».
import type { TFunction } from 'i18next';
import type { AuditEntry } from '@fieldops/shared/audit-log';

type Fields = Record<string, unknown> | null;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A name set apart from the text around it (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL
 * ISOLATE): it takes the direction of its own first letter, and neither it nor the sentence
 * reorders the other. Nothing is left as it is.
 */
export const isolate = (name: string): string => (name ? `\u2068${name}\u2069` : name);

/** A value as the sentence shows it: a known role or status in words, anything else as it is. */
function word(t: TFunction, group: 'roles' | 'statuses' | 'authorities', value: unknown): string {
  const raw = text(value);
  return raw ? t(`auditLog.${group}.${raw}`, { defaultValue: raw }) : t('auditLog.nothing');
}

/** Who acted: their name then, or "Someone" (a deleted account keeps its name; a job has none). */
const actorOf = (t: TFunction, entry: AuditEntry) => (entry.actor.name ? isolate(entry.actor.name) : t('auditLog.someone'));

/** The thing changed: its name, else its kind and id ("webhook #3", one name too). */
function targetOf(t: TFunction, entry: AuditEntry): string {
  const target = entry.target;
  if (!target) return '';
  if (target.name) return isolate(target.name);
  const type = t(`auditLog.targets.${target.type}`, { defaultValue: target.type });
  return target.id === null ? type : isolate(`${type} #${target.id}`);
}

/** The values a kind's sentence names besides the actor and the target. */
function detailsOf(t: TFunction, entry: AuditEntry): Record<string, string> {
  const before: Fields = entry.before;
  const after: Fields = entry.after;
  switch (entry.kind) {
    case 'member.role_changed':
      return { from: word(t, 'roles', before?.role), to: word(t, 'roles', after?.role) };
    case 'member.site_added':
      return { site: isolate(text(after?.siteName)), authority: word(t, 'authorities', after?.authority) };
    case 'member.site_removed':
      return { site: isolate(text(before?.siteName)) };
    case 'ticket.status':
      return { from: word(t, 'statuses', before?.status), to: word(t, 'statuses', after?.status ?? entry.data.status) };
    case 'export.created':
      return {
        what: t(`auditLog.exports.${text(after?.what)}`, { defaultValue: text(after?.what) }),
        format: text(after?.format).toUpperCase(),
        to: Array.isArray(after?.to) ? after.to.map((address) => isolate(text(address))).join(t('auditLog.listSeparator')) : '',
      };
    default:
      return {};
  }
}

/** What may follow `auditLog.sentence.` in a key: words and dots, so no value from an entry reaches another key. */
const KEY_SAFE = /^[a-z_]+(\.[a-z_]+)+$/;

/** The part of the target the entry names, and how it changed; null when it names none. */
function partOf(entry: AuditEntry): { key: string; name: string } | null {
  const part = entry.data.part;
  if (!isObject(part) || typeof part.type !== 'string' || typeof part.change !== 'string') return null;
  const path = `${entry.kind.slice(0, entry.kind.lastIndexOf('.'))}.parts.${part.type}.${part.change}`;
  if (!KEY_SAFE.test(path)) return null;
  const name = isolate(typeof part.name === 'string' && part.name ? part.name : typeof part.id === 'number' ? `#${part.id}` : '');
  return { key: `auditLog.sentence.${path}`, name };
}

/** The wording of an export that did not leave as a download: printed, e-mailed, or taken through a shared link. */
function exportWayOf(entry: AuditEntry): string | null {
  if (entry.kind !== 'export.created') return null;
  if (entry.after?.via === 'mail') return 'auditLog.sentence.export.mailed';
  if (entry.after?.via === 'shared_link') return 'auditLog.sentence.export.shared_link';
  if (entry.after?.format === 'print') return 'auditLog.sentence.export.printed';
  return null;
}

export function describeEntry(t: TFunction, exists: (key: string) => boolean, entry: AuditEntry): string {
  const values = { actor: actorOf(t, entry), target: targetOf(t, entry), kind: isolate(entry.kind), ...detailsOf(t, entry) };
  const part = partOf(entry);
  if (part && exists(part.key)) return t(part.key, { ...values, part: part.name });
  const way = exportWayOf(entry);
  if (way) return t(way, values);
  const key = `auditLog.sentence.${entry.kind}`;
  if (KEY_SAFE.test(entry.kind) && exists(key)) return t(key, values);
  return values.target ? t('auditLog.sentence.unknown', values) : t('auditLog.sentence.unknownNoTarget', values);
}

/** The fields that changed, each with its value before and after (either may be absent). */
export function changesOf(entry: AuditEntry): { field: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => ({ field, before: text(entry.before?.[field]), after: text(entry.after?.[field]) }));
}
