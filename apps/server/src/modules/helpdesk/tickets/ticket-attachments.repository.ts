// Attachments of a ticket: images kept in storage, one row each. A page costs two queries.
import { and, count, desc, eq } from 'drizzle-orm';
import type { TicketAttachment } from '@fieldops/shared/helpdesk';
import type { Db } from '../../../db/client.ts';
import { ticketAttachments } from '../../../db/schema-helpdesk.ts';
import { fileUrl } from '../../../plugins/storage.ts';

const columns = {
  id: ticketAttachments.id,
  ticketId: ticketAttachments.ticketId,
  fileKey: ticketAttachments.fileKey,
  name: ticketAttachments.name,
  contentType: ticketAttachments.contentType,
  size: ticketAttachments.size,
  creatorId: ticketAttachments.creatorId,
  createdDate: ticketAttachments.createdDate,
};
const selectAttachments = (db: Db) => db.select(columns).from(ticketAttachments).$dynamic();
type AttachmentRow = Awaited<ReturnType<typeof selectAttachments>>[number];

const toAttachment = ({ fileKey, createdDate, ...rest }: AttachmentRow): TicketAttachment => ({
  ...rest,
  url: fileUrl(fileKey),
  createdDate: createdDate.toISOString(),
});

export async function findAttachments(db: Db, businessId: number, ticketId: number, page: { page: number; size: number }) {
  const where = and(eq(ticketAttachments.businessId, businessId), eq(ticketAttachments.ticketId, ticketId));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectAttachments(db)
      .where(where)
      .orderBy(desc(ticketAttachments.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(ticketAttachments).where(where),
  ]);
  return { items: rows.map(toAttachment), total };
}

export async function insertAttachments(db: Db, values: Omit<typeof ticketAttachments.$inferInsert, 'id' | 'createdDate'>[]) {
  const rows = await db.insert(ticketAttachments).values(values).returning(columns);
  // Newest first, as the list shows them.
  return rows.map(toAttachment).reverse();
}

export async function findAttachmentRow(db: Db, businessId: number, ticketId: number, id: number) {
  const [row] = await db
    .select({ id: ticketAttachments.id, fileKey: ticketAttachments.fileKey, creatorId: ticketAttachments.creatorId })
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.businessId, businessId), eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.id, id)));
  return row ?? null;
}

export async function deleteAttachmentRow(db: Db, id: number) {
  await db.delete(ticketAttachments).where(eq(ticketAttachments.id, id));
}
