// E-mails (DESIGN §12): each is rendered once, stored as a delivery keyed by (event, recipient,
// channel), and sent by a job made in the same transaction, so a rolled-back change sends nothing
// and a retried job never makes a second message. With no SMTP server the messages stay in the
// administrators' outbox. A message keeps one Message-ID through its retries, so a copy that an
// interrupted send left behind is one the receiving side can tell apart.
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { MailSettings } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { mailMessages } from '../../../db/schema-platform.ts';
import { sendJob, sendJobs, type Queue } from '../queue/queue.ts';
import { headerText, type RenderedMail } from './mail-layout.ts';

export interface QueuedMail extends RenderedMail {
  businessId: number | null;
  userId: number | null;
  kind: string;
  to: string;
  language: string;
  /** (event, recipient, channel): the same key twice makes one message. */
  deliveryKey: string;
  /** A reset link or the like: no unsubscribe link, never held for quiet hours. */
  security?: boolean;
  notBefore?: Date | null;
  /** A stored file sent with the message, and the name it goes by (a report's PDF). */
  attachment?: { key: string; name: string };
}

const rowOf = (mail: QueuedMail) => ({
  businessId: mail.businessId,
  userId: mail.userId,
  kind: mail.kind,
  toAddress: headerText(mail.to, 254),
  language: mail.language,
  subject: headerText(mail.subject),
  html: mail.html,
  text: mail.text,
  security: mail.security ?? false,
  notBefore: mail.notBefore ?? null,
  deliveryKey: mail.deliveryKey,
  attachmentKey: mail.attachment?.key ?? null,
  attachmentName: mail.attachment?.name ?? null,
});

/**
 * Many messages at once (a fan-out): stored a few hundred to a statement, with one job each sent
 * in bulk; those whose keys exist already are skipped. Messages held for quiet hours go one by one.
 */
export async function queueMails(tx: Db, mails: readonly QueuedMail[]): Promise<void> {
  const now = [] as QueuedMail[];
  for (const mail of mails) {
    if (mail.notBefore) await queueMail(tx, mail);
    else now.push(mail);
  }
  for (let at = 0; at < now.length; at += 500) {
    const chunk = now.slice(at, at + 500);
    const made = await tx
      .insert(mailMessages)
      .values(chunk.map(rowOf))
      .onConflictDoNothing()
      .returning({ id: mailMessages.id, businessId: mailMessages.businessId });
    await sendJobs(
      tx,
      'mail.send',
      made.map((m) => ({ businessId: m.businessId, messageId: m.id })),
    );
  }
}

/** Stores the message and its sending job in `tx`; false when a message with its key exists already. */
export async function queueMail(tx: Db, mail: QueuedMail): Promise<boolean> {
  const [row] = await tx.insert(mailMessages).values(rowOf(mail)).onConflictDoNothing().returning({ id: mailMessages.id });
  if (!row) return false;
  await sendJob(tx, 'mail.send', { businessId: mail.businessId, messageId: row.id }, mail.notBefore ? { startAfter: mail.notBefore } : {});
  return true;
}

export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<unknown>;
  close?(): void;
}

/**
 * A pool of a few connections to the SMTP server, reused from message to message. The mail library
 * is loaded, and the pool made, with the first message this instance sends, not with its start.
 */
export function transportFor(settings: MailSettings): MailTransport | null {
  if (!settings.smtpUrl) return null;
  const url = new URL(settings.smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '10');
  let pool: Promise<Transporter> | null = null;
  return {
    async sendMail(message) {
      pool ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url.toString()));
      return (await pool).sendMail(message);
    },
    close() {
      void pool?.then((transport) => transport.close());
    },
  };
}

/** The host part of Message-IDs: the app's own. */
const messageIdHost = (appUrl: string) => {
  try {
    return new URL(appUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
};

/** Reads a stored file: a message's attachment. */
export type ReadFile = (key: string) => Promise<Buffer | null>;

/** Works the 'mail.send' jobs of this instance. */
export async function workMail(queue: Queue, db: Db, settings: MailSettings, transport: MailTransport | null, log: FastifyBaseLogger, readFile?: ReadFile) {
  const host = messageIdHost(settings.appUrl);
  await queue.work<{ businessId: number | null; messageId: number }>(
    'mail.send',
    async ({ messageId }) => {
      const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
      if (!message || message.status === 'sent') return;
      if (!transport) {
        await db.update(mailMessages).set({ status: 'kept' }).where(eq(mailMessages.id, messageId));
        return;
      }
      let attachments: SendMailOptions['attachments'];
      if (message.attachmentKey) {
        // An attachment that cannot be read now is tried again with the message.
        const content = await readFile?.(message.attachmentKey);
        if (!content) throw new Error(`attachment ${message.attachmentKey} of message ${message.id} is not readable`);
        attachments = [{ filename: message.attachmentName ?? message.attachmentKey, content }];
      }
      try {
        await transport.sendMail({
          attachments,
          from: settings.from,
          to: message.toAddress,
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId: `<${message.deliveryKey.replace(/[^A-Za-z0-9.-]/g, '.')}.${message.id}@${host}>`,
          headers: message.security ? {} : { 'List-Unsubscribe': `<${settings.appUrl}/profile#notifications>` },
        });
      } catch (err) {
        await db
          .update(mailMessages)
          .set({ attempts: sql`${mailMessages.attempts} + 1`, lastError: headerText(String((err as Error).message ?? err), 500) })
          .where(eq(mailMessages.id, messageId));
        log.warn({ err, messageId }, 'e-mail not sent; it will be tried again');
        throw err;
      }
      await db
        .update(mailMessages)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailMessages.attempts} + 1`, lastError: null })
        .where(eq(mailMessages.id, messageId));
    },
    { batch: 40 },
  );
}
