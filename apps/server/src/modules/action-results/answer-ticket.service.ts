// Firing a helpdesk ticket from an answer (DESIGN §7): the ticket carries the answer's context,
// its photo as an attachment (a copy under a new key, so the two can be deleted apart) and a link
// to its recording; the answer gets statusCode "2" and the ticket's id in the same transaction.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { ActionResult, fireTicketRequest } from '@fieldops/shared/schedules';
import { sniffImage } from '../../lib/uploads.ts';
import { conflict } from '../../lib/errors.ts';
import { keyOfUrl, type StoredFile } from '../../plugins/storage.ts';
import type { Caller } from '../../policies/caller.ts';
import { insertAttachments } from '../tickets/ticket-attachments.repository.ts';
import { createTicket } from '../tickets/tickets.service.ts';
import { findResultRow, updateResultRow } from './action-results.repository.ts';
import { requireManagedResult, requireVisibleResult } from './action-results.service.ts';

type FireInput = z.output<typeof fireTicketRequest>;

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;
export const TICKET_STATUS_CODE = '2';

const nameOf = (item: { nameEn: string | null; nameAr: string | null }, fallback: string) => item.nameEn ?? item.nameAr ?? fallback;

/** The answer's value as a person reads it, in English (the ticket is the business's record). */
export function answerInWords(result: ActionResult): string {
  const { value, action } = result;
  const option = (index: string) => {
    const found = action.options[Number(index)];
    return found ? found.labelEn || found.labelAr : index;
  };
  switch (action.type) {
    case 'YES_NO':
      return value === 'YES' ? 'Yes' : 'No';
    case 'SINGLE_CHOICE':
      return typeof value === 'string' ? option(value) : '';
    case 'MULTIPLE_CHOICE':
      return Array.isArray(value) ? value.map(option).join(', ') : '';
    case 'RATING':
      return `${String(value)} / 5`;
    case 'CHECK':
      return 'Done';
    case 'PHOTO':
      return 'Photo (attached)';
    case 'VOICE':
      return 'Voice note (linked below)';
    default:
      return value === null ? '' : String(value);
  }
}

function describe(result: ActionResult, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(result.createdDate));
  const metres = result.distance !== null ? `${Math.round(result.distance)} m from the site` : null;
  const where = result.outside
    ? `Location: outside the site area (${metres ?? 'no position'}); the answer is not counted.`
    : `Location: ${metres ?? 'not recorded'}.`;
  return [
    `Task: ${nameOf({ nameEn: result.taskNameEn, nameAr: result.taskNameAr }, `#${result.taskId}`)}`,
    `Action: ${nameOf(result.action, `#${result.action.id}`)}`,
    `Member: ${result.userFullName}`,
    `Site: ${result.teamName}`,
    `Time: ${time} (${timeZone})`,
    `Answer: ${answerInWords(result)}`,
    ...(result.notes ? [`Notes: ${result.notes}`] : []),
    where,
    ...(result.voice ? [`Voice note: ${result.voice}`] : []),
  ].join('\n');
}

/** A copy of the answer's photo under a new key, to attach to the ticket. */
async function copyPhoto(app: FastifyInstance, result: ActionResult) {
  const key = keyOfUrl(result.file);
  const data = key ? await app.storage.read(key) : null;
  const kind = data ? sniffImage(data) : null;
  if (!data || !kind) return null;
  return { stored: await app.storage.put(data, kind.extension), kind, size: data.length };
}

export async function fireTicket(app: FastifyInstance, caller: Caller, id: number, body: FireInput): Promise<ActionResult> {
  const managed = await requireManagedResult(app.db, caller);
  const result = await managed.find(id);
  if (result.ticketId !== null || result.statusCode === TICKET_STATUS_CODE) throw conflict(MSG.answerHasTicket);

  const context = describe(result, caller.timeZone);
  const title = body.title ?? `${nameOf({ nameEn: result.taskNameEn, nameAr: result.taskNameAr }, `#${result.taskId}`)} — ${nameOf(result.action, `#${result.action.id}`)}`;
  const description = body.description ? `${body.description}\n\n${context}` : context;
  const photo = await copyPhoto(app, result);
  const stored: StoredFile | null = photo?.stored ?? null;
  try {
    await app.db.transaction(async (tx) => {
      // Locked, so two managers firing at once raise one ticket.
      const row = await findResultRow(tx, caller.businessId, id, true);
      if (!row || row.ticketId !== null || row.statusCode === TICKET_STATUS_CODE) throw conflict(MSG.answerHasTicket);
      const ticket = await createTicket(tx, caller, {
        title: title.slice(0, TITLE_MAX),
        description: description.slice(0, DESCRIPTION_MAX),
        categoryId: body.categoryId,
        priority: body.priority,
        agentId: null,
        projectId: null,
        teamId: result.teamId,
      });
      if (photo) {
        await insertAttachments(tx, [{
          businessId: caller.businessId,
          ticketId: ticket.id,
          fileKey: photo.stored.key,
          name: `photo.${photo.kind.extension}`,
          contentType: photo.kind.mime,
          size: photo.size,
          creatorId: caller.userId,
        }]);
      }
      await updateResultRow(tx, caller.businessId, id, { statusCode: TICKET_STATUS_CODE, ticketId: ticket.id });
    });
  } catch (err) {
    if (stored) await app.storage.remove(stored.key);
    throw err;
  }
  return requireVisibleResult(app.db, managed.scope, id);
}
