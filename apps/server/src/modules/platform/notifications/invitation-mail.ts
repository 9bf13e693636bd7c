// The invitation e-mail of a new address, in English or Arabic, queued in the inviting change's
// own transaction like every e-mail of the app (mail.service.ts).
import type { Db } from '../../../db/client.ts';
import { renderMail } from '../mail/mail-layout.ts';
import { queueMails, type QueuedMail } from '../mail/mail.service.ts';
import { languageOf } from './notification-texts.ts';
import { businessOf, recipientRows } from './notifications.repository.ts';

const INVITATION = {
  en: {
    heading: (business: string) => `You are invited to join ${business}`,
    body: (actor: string, business: string) => `${actor} invited you to join ${business}.`,
    activate: 'Activate your account',
    orAccept: 'Already have an account? Sign in with it and accept the invitation:',
    accept: 'Accept with my account',
    footer: 'The activation link works once and expires. If you were not expecting this, ignore this e-mail.',
  },
  ar: {
    heading: (business: string) => `أنت مدعو للانضمام إلى ${business}`,
    body: (actor: string, business: string) => `دعاك ${actor} للانضمام إلى ${business}.`,
    activate: 'فعّل حسابك',
    orAccept: 'لديك حساب بالفعل؟ سجّل الدخول به واقبل الدعوة:',
    accept: 'اقبل بحسابي',
    footer: 'يعمل رابط التفعيل مرة واحدة وتنتهي صلاحيته. إن لم تكن تتوقع هذه الرسالة فتجاهلها.',
  },
} as const;

/**
 * The invitation of a new address, by e-mail, in the inviting person's language (nothing is known
 * of the recipient yet): its activation link, and the invitation's link for someone who joins
 * with an account they have.
 */
export interface InvitationMail {
  businessId: number;
  inviterId: number;
  invitationId: number;
  to: string;
  activateUrl: string;
  acceptUrl: string;
}

export const queueInvitationMail = (tx: Db, invite: InvitationMail) => queueInvitationMails(tx, [invite]);

/** The invitation e-mails of one business and inviter (a bulk import sends many at once). */
export async function queueInvitationMails(tx: Db, invites: readonly InvitationMail[]) {
  const [first] = invites;
  if (!first) return;
  const business = await businessOf(tx, first.businessId);
  const [inviter] = await recipientRows(tx, first.businessId, [first.inviterId]);
  if (!business) return;
  const language = languageOf(inviter?.language);
  const actor = inviter?.fullName ?? business.name;
  const t = INVITATION[language];
  const mails: QueuedMail[] = invites.map((invite) => ({
    businessId: invite.businessId,
    userId: null,
    kind: 'invitation',
    to: invite.to,
    language,
    deliveryKey: `invitation:${invite.invitationId}:${invite.activateUrl.slice(-12)}`,
    ...renderMail({
      language,
      subject: t.heading(business.name),
      business,
      heading: t.heading(business.name),
      paragraphs: [t.body(actor, business.name)],
      action: { label: t.activate, url: invite.activateUrl },
      footer: `${t.orAccept} ${invite.acceptUrl}\n${t.footer}`,
    }),
  }));
  await queueMails(tx, mails);
}
