// Firing a helpdesk ticket from an answer (DESIGN §7): the ticket carries the answer's context,
// its photo as an attachment (a copy under a new key, so the two can be deleted apart) and a link
// to its recording; the answer gets statusCode "2" and the ticket's id in the same transaction.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { ActionResult, fireTicketRequest } from '@fieldops/shared/answers';
import { sniffImage } from '../../../lib/uploads.ts';
import { conflict } from '../../../lib/errors.ts';
import { keyOfUrl, type StoredFile } from '../../../plugins/storage.ts';
import type { Caller } from '../../../policies/caller.ts';
import { insertStoredAttachments } from '../../helpdesk/tickets/ticket-attachments.service.ts';
import { createTicket } from '../../helpdesk/tickets/tickets.service.ts';
import { findResultRow, updateResultRow } from './action-results.repository.ts';
import { requireManagedResult, requireVisibleResult } from './action-results.service.ts';

type FireInput = z.output<typeof fireTicketRequest>;

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;
export const TICKET_STATUS_CODE = '2';

/** The languages a ticket raised from an answer can be written in. */
export type TicketLanguage = 'en' | 'ar';

const ENGLISH_WORDS = {
  task: 'Task',
  action: 'Action',
  member: 'Member',
  site: 'Site',
  time: 'Time',
  answer: 'Answer',
  notes: 'Notes',
  voiceNote: 'Voice note',
  yes: 'Yes',
  no: 'No',
  done: 'Done',
  photo: 'Photo (attached)',
  voice: 'Voice note (linked below)',
  away: 'm from the site',
  noPosition: 'no position',
  notRecorded: 'not recorded',
  outside: 'Location: outside the site area ({where}); the answer is not counted.',
  unverified: 'Location: unverified ({where}); the answer is not counted.',
  overridden: 'Location: {where}; counted as given at the site by {name}: {reason}.',
  location: 'Location: {where}.',
};

/** Every language names the same words. */
const WORDS: Record<TicketLanguage, typeof ENGLISH_WORDS> = {
  en: ENGLISH_WORDS,
  ar: {
    task: 'المهمة',
    action: 'الإجراء',
    member: 'العضو',
    site: 'الموقع',
    time: 'الوقت',
    answer: 'الإجابة',
    notes: 'ملاحظات',
    voiceNote: 'الملاحظة الصوتية',
    yes: 'نعم',
    no: 'لا',
    done: 'تم',
    photo: 'صورة (مرفقة)',
    voice: 'ملاحظة صوتية (الرابط أدناه)',
    away: 'م من الموقع',
    noPosition: 'بلا موقع',
    notRecorded: 'غير مسجّل',
    outside: 'المكان: خارج نطاق الموقع ({where})؛ لا تُحتسب الإجابة.',
    unverified: 'المكان: غير مؤكَّد ({where})؛ لا تُحتسب الإجابة.',
    overridden: 'المكان: {where}؛ احتسبها {name} كأنها قُدّمت في الموقع: {reason}.',
    location: 'المكان: {where}.',
  },
};

interface Named {
  nameEn: string | null;
  nameAr: string | null;
}

/** The name in the language, else the other one, else the fallback. */
const nameIn = (item: Named, language: TicketLanguage, fallback: string) =>
  (language === 'ar' ? (item.nameAr ?? item.nameEn) : (item.nameEn ?? item.nameAr)) ?? fallback;

/** The name in the language, with the other language's name after it when the item has both. */
function bothNames(item: Named, language: TicketLanguage, fallback: string) {
  const first = nameIn(item, language, fallback);
  const other = language === 'ar' ? item.nameEn : item.nameAr;
  return other && other !== first ? `${first} (${other})` : first;
}

/** The answer's value as a person reads it, in the ticket's language. */
export function answerInWords(result: ActionResult, language: TicketLanguage = 'en'): string {
  const { value, action } = result;
  const words = WORDS[language];
  const option = (index: string) => {
    const found = action.options[Number(index)];
    if (!found) return index;
    return (language === 'ar' ? found.labelAr || found.labelEn : found.labelEn || found.labelAr) ?? index;
  };
  switch (action.type) {
    case 'YES_NO':
      return value === 'YES' ? words.yes : words.no;
    case 'SINGLE_CHOICE':
      return typeof value === 'string' ? option(value) : '';
    case 'MULTIPLE_CHOICE':
      return Array.isArray(value) ? value.map(option).join(language === 'ar' ? '، ' : ', ') : '';
    case 'RATING':
      return `${String(value)} / 5`;
    case 'CHECK':
      return words.done;
    case 'PHOTO':
      return words.photo;
    case 'VOICE':
      return words.voice;
    default:
      return value === null ? '' : String(value);
  }
}

/** Where the answer was given: outside or unverified (not counted), counted by an override (by whom, why), or how far from the site. */
function whereInWords(result: ActionResult, words: typeof ENGLISH_WORDS, metres: string | null): string {
  if (result.outside) return (result.locationStatus === 'UNVERIFIED' ? words.unverified : words.outside).replace('{where}', metres ?? words.noPosition);
  const override = result.override ?? null;
  const place = metres ?? words.notRecorded;
  if (!override) return words.location.replace('{where}', place);
  return words.overridden
    .replace('{where}', place)
    .replace('{name}', () => override.userFullName ?? '—')
    .replace('{reason}', () => override.reason);
}

function describe(result: ActionResult, timeZone: string, language: TicketLanguage): string {
  const words = WORDS[language];
  const time = new Intl.DateTimeFormat(language === 'ar' ? 'ar' : 'en-GB', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
    numberingSystem: 'latn',
  }).format(new Date(result.createdDate));
  const metres = result.distance !== null ? `${Math.round(result.distance)} ${words.away}` : null;
  const where = whereInWords(result, words, metres);
  return [
    `${words.task}: ${bothNames({ nameEn: result.taskNameEn, nameAr: result.taskNameAr }, language, `#${result.taskId}`)}`,
    `${words.action}: ${bothNames(result.action, language, `#${result.action.id}`)}`,
    `${words.member}: ${result.userFullName}`,
    `${words.site}: ${result.teamName}`,
    `${words.time}: ${time} (${timeZone})`,
    `${words.answer}: ${answerInWords(result, language)}`,
    ...(result.notes ? [`${words.notes}: ${result.notes}`] : []),
    where,
    ...(result.voice ? [`${words.voiceNote}: ${result.voice}`] : []),
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

/**
 * Raises a ticket from an answer, written in the language of the person raising it (their
 * Accept-Language), with both names of the task and the action where they have both.
 */
export async function fireTicket(app: FastifyInstance, caller: Caller, id: number, body: FireInput, language: TicketLanguage = 'en'): Promise<ActionResult> {
  const managed = await requireManagedResult(app.db, caller);
  const result = await managed.find(id);
  if (result.ticketId !== null || result.statusCode === TICKET_STATUS_CODE) throw conflict(MSG.answerHasTicket);

  const context = describe(result, caller.timeZone, language);
  const title =
    body.title ??
    `${nameIn({ nameEn: result.taskNameEn, nameAr: result.taskNameAr }, language, `#${result.taskId}`)} — ${nameIn(result.action, language, `#${result.action.id}`)}`;
  const description = body.description ? `${body.description}\n\n${context}` : context;
  const photo = await copyPhoto(app, result);
  const stored: StoredFile | null = photo?.stored ?? null;
  try {
    await app.db.transaction(async (tx) => {
      // Locked, so two managers firing at once raise one ticket.
      const row = await findResultRow(tx, caller.businessId, id, true);
      if (!row || row.ticketId !== null || row.statusCode === TICKET_STATUS_CODE) throw conflict(MSG.answerHasTicket);
      const ticket = await createTicket(
        tx,
        caller,
        {
          title: title.slice(0, TITLE_MAX),
          description: description.slice(0, DESCRIPTION_MAX),
          categoryId: body.categoryId,
          priority: body.priority,
          agentId: null,
          projectId: null,
          teamId: result.teamId,
        },
        'ANSWER',
      );
      if (photo) {
        await insertStoredAttachments(tx, [
          {
            businessId: caller.businessId,
            ticketId: ticket.id,
            fileKey: photo.stored.key,
            name: `photo.${photo.kind.extension}`,
            contentType: photo.kind.mime,
            size: photo.size,
            creatorId: caller.userId,
          },
        ]);
      }
      await updateResultRow(tx, caller.businessId, id, { statusCode: TICKET_STATUS_CODE, ticketId: ticket.id });
    });
  } catch (err) {
    if (stored) await app.storage.remove(stored.key);
    throw err;
  }
  return requireVisibleResult(app.db, managed.scope, id);
}
