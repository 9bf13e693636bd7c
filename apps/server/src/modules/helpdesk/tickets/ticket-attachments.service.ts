// Attachments: images only (PNG, JPEG or GIF by their content, under 10 MB), streamed into
// storage as the form is read; one bad file, or any later failure, takes the request's stored
// files out again (lib/uploads.ts), so it stores nothing. Files leave storage only after their
// rows are gone.
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { TicketAttachment } from '@fieldops/shared/helpdesk';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import { discardPart, keepUploads, storeImage, type ImageKind, type Upload, removeReleased } from '../../../lib/uploads.ts';
import type { Caller } from '../../../policies/caller.ts';
import { ticketAccessOf } from '../../../policies/tickets.ts';
import { deleteAttachmentRow, findAttachmentRow, insertAttachments } from './ticket-attachments.repository.ts';
import { requireVisibleTicketRow } from './tickets.service.ts';

export const ATTACHMENTS_FIELD = 'attachments';
const NAME_MAX = 255;

/** Rows for files already in storage, as the ticket's attachments; call inside the ticket's transaction. */
export const insertStoredAttachments = (tx: Db, values: Parameters<typeof insertAttachments>[1]) => insertAttachments(tx, values);

/** The file name as the person's device called it, without any path, for showing only. */
function displayName(filename: string | undefined, kind: ImageKind) {
  const last = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const base = [...last]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim();
  return (base || `attachment.${kind.extension}`).slice(0, NAME_MAX);
}

async function storeAttachments(parts: AsyncIterableIterator<Multipart>) {
  const files: (Upload<ImageKind> & { name: string })[] = [];
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== ATTACHMENTS_FIELD) {
      await discardPart(part);
      throw badRequest(MSG.invalidFile, [{ field: part.fieldname, message: MSG.invalidFile }]);
    }
    const image = await storeImage(part);
    files.push({ ...image, name: displayName(part.filename, image.kind) });
  }
  if (files.length === 0) throw badRequest(MSG.fileMissing, [{ field: ATTACHMENTS_FIELD, message: MSG.fileMissing }]);
  return files;
}

export async function addAttachments(
  app: FastifyInstance,
  caller: Caller,
  ticketId: number,
  parts: AsyncIterableIterator<Multipart>,
): Promise<TicketAttachment[]> {
  await requireVisibleTicketRow(app.db, await ticketAccessOf(app.db, caller), ticketId);
  const files = await storeAttachments(parts);
  const rows = await insertAttachments(
    app.db,
    files.map((file) => ({
      businessId: caller.businessId,
      ticketId,
      fileKey: file.key,
      name: file.name,
      contentType: file.kind.mime,
      size: file.size,
      creatorId: caller.userId,
    })),
  );
  keepUploads(parts);
  return rows;
}

/** The uploader, or whoever may change the ticket, removes an attachment. */
export async function deleteAttachment(app: FastifyInstance, caller: Caller, ticketId: number, attachmentId: number) {
  const access = await ticketAccessOf(app.db, caller);
  const fileKey = await app.db.transaction(async (tx) => {
    await requireVisibleTicketRow(tx, access, ticketId);
    const row = await findAttachmentRow(tx, caller.businessId, ticketId, attachmentId);
    if (!row) throw notFound(MSG.attachmentNotFound);
    if (!access.canManage && row.creatorId !== caller.userId) throw forbidden();
    await deleteAttachmentRow(tx, row.id);
    return row.fileKey;
  });
  await removeReleased(app, fileKey);
}
