// Self-service password reset: a link by e-mail, valid 30 minutes and once, its token stored only
// as a hash. The answer to the request is the same whether or not the address has an account, and
// the requests are throttled per address asked about and per client. Using the link sets the new
// password, proves the e-mail, and ends every session of the account.
import { MSG } from '@fieldops/shared/messages';
import { RESET_LINK_MINUTES } from '@fieldops/shared/notifications';
import type { MailSettings } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { hashNewPassword } from '../../../lib/password.ts';
import { endUserSessions } from '../../../lib/sessions.ts';
import { addToCounters, secondsUntil } from '../../../lib/throttle.ts';
import { hashKey, randomKey } from '../../../lib/tokens.ts';
import { renderMail } from '../../platform/mail/mail-layout.ts';
import { queueMail } from '../../platform/mail/mail.service.ts';
import { languageOf } from '../../platform/notifications/notification-texts.ts';
import { accountWithEmail, endResets, insertReset, setNewPassword, useReset } from './password-reset.repository.ts';

/** Requests one client address may make in the window (then 429), and links one e-mail gets. */
export const RESET_LIMITS = { perAddress: 10, perEmail: 3, windowMs: 15 * 60_000 } as const;

const TEXT = {
  en: {
    subject: 'Choose a new password',
    heading: 'Choose a new password',
    body: (username: string) => `Someone asked to reset the password of the account ${username}. The link below works once, for ${RESET_LINK_MINUTES} minutes.`,
    action: 'Choose a new password',
    footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  ar: {
    subject: 'اختر كلمة مرور جديدة',
    heading: 'اختر كلمة مرور جديدة',
    body: (username: string) => `طلب أحدهم إعادة تعيين كلمة مرور الحساب ${username}. يعمل الرابط أدناه مرة واحدة، لمدة ${RESET_LINK_MINUTES} دقيقة.`,
    action: 'اختر كلمة مرور جديدة',
    footer: 'إن لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  },
} as const;

export async function requestPasswordReset(db: Db, mail: MailSettings, email: string, address: string) {
  const counters = await addToCounters(
    db,
    new Map([
      [`reset-addr:${address}`, 1],
      [`reset-mail:${email}`, 1],
    ]),
    RESET_LIMITS.windowMs,
  );
  const byAddress = counters.get(`reset-addr:${address}`);
  if (byAddress && byAddress.count > RESET_LIMITS.perAddress) {
    throw new AppError(429, MSG.tooManyAttempts, { headers: { 'retry-after': String(secondsUntil(byAddress.resetAt)) } });
  }
  // Past its limit an address gets nothing more, with the same answer: the limit tells nothing either.
  if ((counters.get(`reset-mail:${email}`)?.count ?? 0) > RESET_LIMITS.perEmail) return;
  const account = await accountWithEmail(db, email);
  if (!account) return;
  const token = randomKey(32);
  const language = languageOf(account.language);
  const t = TEXT[language];
  await db.transaction(async (tx) => {
    const resetId = await insertReset(tx, account.id, hashKey(token), new Date(Date.now() + RESET_LINK_MINUTES * 60_000));
    await queueMail(tx, {
      businessId: null,
      userId: account.id,
      kind: 'passwordReset',
      to: account.email,
      language,
      deliveryKey: `reset:${resetId}`,
      security: true,
      ...renderMail({
        language,
        subject: t.subject,
        business: null,
        heading: t.heading,
        paragraphs: [t.body(account.username)],
        action: { label: t.action, url: `${mail.appUrl}/reset-password?token=${token}` },
        footer: t.footer,
      }),
    });
  });
}

export async function finishPasswordReset(db: Db, token: string, password: string) {
  const passwordHash = await hashNewPassword(password, 'password');
  await db.transaction(async (tx) => {
    const userId = await useReset(tx, hashKey(token));
    if (userId === null) throw badRequest(MSG.resetLinkInvalid);
    await endResets(tx, userId);
    await setNewPassword(tx, userId, passwordHash);
    await endUserSessions(tx, userId);
  });
}
