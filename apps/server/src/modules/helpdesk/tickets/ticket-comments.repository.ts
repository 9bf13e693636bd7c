// Comments of a ticket with their author, a page in two queries whatever its size.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { TicketComment } from '@fieldops/shared/helpdesk';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { ticketComments } from '../../../db/schema-helpdesk.ts';
import { fileUrl } from '../../../plugins/storage.ts';

function selectComments(db: Db) {
  return db
    .select({
      id: ticketComments.id,
      ticketId: ticketComments.ticketId,
      creatorId: ticketComments.creatorId,
      creatorUsername: users.username,
      creatorFullName: users.fullName,
      creatorAvatar: users.avatar,
      text: ticketComments.text,
      fileKey: ticketComments.fileKey,
      createdDate: ticketComments.createdDate,
      updatedDate: ticketComments.updatedDate,
    })
    .from(ticketComments)
    .leftJoin(users, eq(users.id, ticketComments.creatorId))
    .$dynamic();
}

type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

const toComment = (r: CommentRow): TicketComment => ({
  id: r.id,
  ticketId: r.ticketId,
  creatorId: r.creatorId,
  creator:
    r.creatorId !== null && r.creatorUsername !== null && r.creatorFullName !== null
      ? { id: r.creatorId, username: r.creatorUsername, fullName: r.creatorFullName, avatar: r.creatorAvatar }
      : null,
  text: r.text,
  file: r.fileKey ? fileUrl(r.fileKey) : null,
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate?.toISOString() ?? null,
});

export async function findComments(
  db: Db,
  businessId: number,
  ticketId: number,
  page: { page: number; size: number; dir: 'asc' | 'desc' },
): Promise<{ items: TicketComment[]; total: number }> {
  const where = and(eq(ticketComments.businessId, businessId), eq(ticketComments.ticketId, ticketId));
  const direction = page.dir === 'asc' ? asc : desc;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    // (ticket_id, created_date, id) serves this order.
    selectComments(db)
      .where(where)
      .orderBy(direction(ticketComments.createdDate), direction(ticketComments.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(ticketComments).where(where),
  ]);
  return { items: rows.map(toComment), total };
}

export async function findComment(db: Db, businessId: number, ticketId: number, id: number): Promise<TicketComment | null> {
  const [row] = await selectComments(db).where(
    and(eq(ticketComments.businessId, businessId), eq(ticketComments.ticketId, ticketId), eq(ticketComments.id, id)),
  );
  return row ? toComment(row) : null;
}

export async function findCommentRow(db: Db, businessId: number, ticketId: number, id: number) {
  const [row] = await db
    .select({ id: ticketComments.id, creatorId: ticketComments.creatorId, text: ticketComments.text, fileKey: ticketComments.fileKey })
    .from(ticketComments)
    .where(and(eq(ticketComments.businessId, businessId), eq(ticketComments.ticketId, ticketId), eq(ticketComments.id, id)));
  return row ?? null;
}

export async function insertComment(db: Db, values: Omit<typeof ticketComments.$inferInsert, 'id' | 'createdDate' | 'updatedDate'>) {
  const [row] = await db.insert(ticketComments).values(values).returning({ id: ticketComments.id });
  return must(row, 'an insert returns its row').id;
}

export async function updateCommentRow(db: Db, id: number, values: { text: string | null; fileKey: string | null }) {
  await db
    .update(ticketComments)
    .set({ ...values, updatedDate: sql`now()` })
    .where(eq(ticketComments.id, id));
}
