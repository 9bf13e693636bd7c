// Comments: text, an image, or both (never neither). Anyone who sees the ticket comments; only
// the author edits. The image streams into storage as the form is read and leaves it again if the
// request fails (lib/uploads.ts); a replaced image leaves storage once the new one is saved.
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { commentText, type TicketComment } from '@fieldops/shared/helpdesk';
import { MSG } from '@fieldops/shared/messages';
import { badRequest, fieldError, forbidden, notFound } from '../../../lib/errors.ts';
import { keepUploads, storeImageForm, removeReleased } from '../../../lib/uploads.ts';
import type { Caller } from '../../../policies/caller.ts';
import { ticketAccessOf } from '../../../policies/tickets.ts';
import { findComment, findCommentRow, insertComment, updateCommentRow } from './ticket-comments.repository.ts';
import { requireVisibleTicketRow } from './tickets.service.ts';
import { recordEvent } from '../../platform/events/events.service.ts';

const FILE_FIELD = 'file';

/** The form's text (undefined when the form has no text field) and image (stored), checked. */
async function readCommentForm(parts: AsyncIterableIterator<Multipart>) {
  const { fields, files } = await storeImageForm(parts, [FILE_FIELD]);
  const images = files.get(FILE_FIELD) ?? [];
  if (images.length > 1) throw badRequest(MSG.invalidFile, [{ field: FILE_FIELD, message: MSG.invalidFile }]);
  if (!('text' in fields)) return { text: undefined, image: images[0] ?? null };
  const parsed = commentText.safeParse(fields.text);
  if (!parsed.success) throw fieldError('text', parsed.error.issues[0]?.message ?? MSG.invalid);
  return { text: parsed.data, image: images[0] ?? null };
}

const emptyComment = () => badRequest(MSG.commentEmpty, [{ field: 'text', message: MSG.commentEmpty }]);

async function requireComment(app: FastifyInstance, businessId: number, ticketId: number, id: number) {
  const found = await findComment(app.db, businessId, ticketId, id);
  if (!found) throw notFound(MSG.commentNotFound);
  return found;
}

export async function addComment(app: FastifyInstance, caller: Caller, ticketId: number, parts: AsyncIterableIterator<Multipart>): Promise<TicketComment> {
  const ticket = await requireVisibleTicketRow(app.db, await ticketAccessOf(app.db, caller), ticketId);
  const { text, image } = await readCommentForm(parts);
  if (!text && !image) throw emptyComment();
  const id = await app.db.transaction(async (tx) => {
    const commentId = await insertComment(tx, {
      businessId: caller.businessId,
      ticketId,
      creatorId: caller.userId,
      text: text ?? null,
      fileKey: image?.key ?? null,
    });
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'ticket.commented',
      actorId: caller.userId,
      data: { ticketId, title: ticket.title, creatorId: ticket.creatorId, agentId: ticket.agentId },
    });
    return commentId;
  });
  keepUploads(parts);
  return requireComment(app, caller.businessId, ticketId, id);
}

/** A text field replaces the text (empty clears it); a new image replaces the old one. */
export async function editComment(
  app: FastifyInstance,
  caller: Caller,
  ticketId: number,
  commentId: number,
  parts: AsyncIterableIterator<Multipart>,
): Promise<TicketComment> {
  await requireVisibleTicketRow(app.db, await ticketAccessOf(app.db, caller), ticketId);
  const row = await findCommentRow(app.db, caller.businessId, ticketId, commentId);
  if (!row) throw notFound(MSG.commentNotFound);
  if (row.creatorId !== caller.userId) throw forbidden(MSG.commentNotYours);
  const form = await readCommentForm(parts);
  const text = form.text === undefined ? row.text : form.text;
  if (!text && !form.image && !row.fileKey) throw emptyComment();
  await updateCommentRow(app.db, row.id, { text, fileKey: form.image?.key ?? row.fileKey });
  keepUploads(parts);
  if (form.image) await removeReleased(app, row.fileKey);
  return requireComment(app, caller.businessId, ticketId, commentId);
}
