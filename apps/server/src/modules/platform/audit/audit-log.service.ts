// Reading the audit log: pages newest first, the CSV export, the record of an export made in the
// web app, and the daily retention. Owners and administrators alone (the routes ask).
import type { AuditEntry, AuditLogPage, ExportRecordRequest } from '@fieldops/shared/audit-log';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '@fieldops/shared/audit-log';
import type { Db } from '../../../db/client.ts';
import type { Caller } from '../../../policies/caller.ts';
import { recordEvent, type ChangeData } from '../events/events.service.ts';
import type { Queue } from '../queue/queue.ts';
import { businessIds, deleteExpired, findEntries, findTimeZone, type AuditFilter, type EventRow } from './audit.repository.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An event as an audit entry. Changes hold `ChangeData`; the notifications' own kinds (a ticket
 * created, a plan given) hold their fields, and their ticket is named as the target.
 */
export function toEntry(row: EventRow): AuditEntry {
  const data = isObject(row.data) ? row.data : {};
  let target: AuditEntry['target'] = null;
  if (isObject(data.target) && typeof data.target.type === 'string') {
    const t = data.target;
    target = {
      type: t.type as string,
      id: typeof t.id === 'number' || typeof t.id === 'string' ? t.id : null,
      name: typeof t.name === 'string' ? t.name : null,
    };
  } else if (typeof data.ticketId === 'number') {
    target = { type: 'ticket', id: data.ticketId, name: typeof data.title === 'string' ? data.title : null };
  }
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    kind: row.kind,
    actor: { id: row.actorId, name: row.actorName },
    target,
    before: isObject(data.before) ? data.before : null,
    after: isObject(data.after) ? data.after : null,
    data,
    ip: row.ip,
    client: row.client,
  };
}

export async function auditLogPage(db: Db, caller: Caller, query: AuditFilter & { size: number }): Promise<AuditLogPage> {
  const timeZone = await findTimeZone(db, caller.businessId);
  const rows = await findEntries(db, caller.businessId, timeZone, query, query.size + 1);
  const items = rows.slice(0, query.size).map(toEntry);
  return { items, nextBefore: rows.length > query.size ? (items.at(-1)?.id ?? null) : null };
}

/**
 * A cell of the CSV: quoted, and a text a spreadsheet would run as a formula (=, +, -, @, a tab or
 * a carriage return first) starts with an apostrophe, so it stays text (OWASP CSV injection).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** `part`: the part of the target that changed and how (a task's action or section), when the entry names one. */
const CSV_HEADER = ['id', 'at', 'kind', 'actor_id', 'actor_name', 'target_type', 'target_id', 'target_name', 'part', 'before', 'after', 'ip', 'client'];
const EXPORT_BATCH = 500;

/**
 * The export of the filtered log as CSV lines, read a batch at a time (newest first) while the
 * answer is being sent; recorded as an export first.
 */
export async function exportAuditLog(db: Db, caller: Caller, filter: AuditFilter): Promise<AsyncGenerator<string>> {
  const timeZone = await findTimeZone(db, caller.businessId);
  await recordEvent(db, {
    businessId: caller.businessId,
    kind: 'export.created',
    actorId: caller.userId,
    data: { target: { type: 'audit_log', id: null }, after: { what: 'audit_log', format: 'csv', filters: { ...filter } } },
  });
  async function* lines() {
    yield `\uFEFF${CSV_HEADER.join(',')}\r\n`;
    let before = filter.before;
    for (;;) {
      const rows = await findEntries(db, caller.businessId, timeZone, { ...filter, before }, EXPORT_BATCH);
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) {
        const e = toEntry(row);
        const part = isObject(e.data.part) ? e.data.part : null;
        const cells = [e.id, e.at, e.kind, e.actor.id, e.actor.name, e.target?.type, e.target?.id, e.target?.name, part, e.before, e.after, e.ip, e.client];
        chunk += `${cells.map(csvCell).join(',')}\r\n`;
      }
      yield chunk;
      if (rows.length < EXPORT_BATCH) return;
      before = rows.at(-1)?.id;
    }
  }
  return lines();
}

/** An export: a file the server made (a PDF), or one the web app made from data it read (reports, the SLA report). */
export async function recordExport(db: Db, caller: Caller, request: ExportRecordRequest, target?: ChangeData['target']): Promise<void> {
  const data: ChangeData = {
    target: target ?? { type: 'export', id: null, name: request.what },
    after: {
      what: request.what,
      format: request.format,
      ...(request.rows === undefined ? {} : { rows: request.rows }),
      ...(request.filters ? { filters: request.filters } : {}),
    },
  };
  await recordEvent(db, { businessId: caller.businessId, kind: 'export.created', actorId: caller.userId, data });
}

export const AUDIT_RETENTION_CRON = '17 3 * * *';
const RETENTION_BATCH = 5000;

/**
 * Deletes every business's entries older than its retention, a batch per transaction so no
 * transaction holds many rows' locks; returns how many went.
 */
export async function applyAuditRetention(db: Db, batch = RETENTION_BATCH): Promise<number> {
  let deleted = 0;
  for (const businessId of await businessIds(db)) {
    for (;;) {
      const n = await deleteExpired(db, businessId, DEFAULT_AUDIT_RETENTION_DAYS, batch);
      deleted += n;
      if (n < batch) break;
    }
  }
  return deleted;
}

/** Works the retention in this instance and puts it on pg-boss's clock: one run a day across instances. */
export async function workAuditRetention(queue: Queue, db: Db) {
  await queue.work<{ businessId: null }>('audit.retention', async () => {
    await applyAuditRetention(db);
  });
  await queue.boss.schedule('audit.retention', AUDIT_RETENTION_CRON, { businessId: null }, { tz: 'UTC', retryLimit: 1, expireInSeconds: 300 });
}
