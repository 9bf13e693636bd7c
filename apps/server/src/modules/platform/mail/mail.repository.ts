// The outbox's reads: a business's messages, newest first. Security messages (reset links) are a
// person's own and never listed.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@fieldops/shared/notifications';
import type { Db } from '../../../db/client.ts';
import { mailMessages } from '../../../db/schema-platform.ts';

const ofBusiness = (businessId: number) => and(eq(mailMessages.businessId, businessId), eq(mailMessages.security, false));

export async function listOutbox(db: Db, businessId: number, page: { page: number; size: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(mailMessages)
      .where(ofBusiness(businessId))
      .orderBy(desc(mailMessages.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailMessages)
      .where(ofBusiness(businessId)),
  ]);
  const items: OutboxMessage[] = rows.map((m) => ({
    id: m.id,
    to: m.toAddress,
    subject: m.subject,
    kind: m.kind,
    language: m.language,
    status: m.status === 'sent' ? 'sent' : m.status === 'kept' ? 'kept' : 'queued',
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
    lastError: m.lastError,
  }));
  return { items, total: count?.n ?? 0 };
}

export async function findOutboxMessage(db: Db, businessId: number, id: number) {
  const [row] = await db
    .select({ html: mailMessages.html, text: mailMessages.text })
    .from(mailMessages)
    .where(and(ofBusiness(businessId), eq(mailMessages.id, id)));
  return row ?? null;
}
