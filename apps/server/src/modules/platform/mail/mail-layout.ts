// One e-mail, as HTML and plain text, in the recipient's language: Arabic right to left, the
// business's name and colour at the top. Every text put in is escaped; only the layout is markup.
import type { Language } from '@fieldops/shared/notifications';

export interface MailBody {
  language: Language;
  subject: string;
  /** The business that sends it, when one does. */
  business: { name: string; colour: string } | null;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A last line in small print (why the person gets this, what to do if it was not them). */
  footer?: string;
  /** The settings page where the person turns this kind of message off (none for security messages). */
  unsubscribeUrl?: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Header values never carry a line break (no header injection), nor run past a screen. */
export const headerText = (value: string, max = 200) =>
  value
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, max);

const COLOUR = /^#[0-9a-fA-F]{6}$/;
const UNSUBSCRIBE = { en: 'Choose which e-mails you get', ar: 'اختر الرسائل التي تصلك' };

export function renderMail(mail: MailBody): RenderedMail {
  const rtl = mail.language === 'ar';
  const dir = rtl ? 'rtl' : 'ltr';
  const align = rtl ? 'right' : 'left';
  const colour = mail.business && COLOUR.test(mail.business.colour) ? mail.business.colour : '#1c7ed6';
  const subject = headerText(mail.subject);
  const parts = [
    mail.business
      ? `<div style="background:${colour};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(mail.business.name)}</div>`
      : '',
    `<div style="padding:24px">`,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(mail.heading)}</h1>`,
    ...mail.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`),
    mail.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="background:${colour};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p>`
      : '',
    mail.footer ? `<p style="color:#555555;font-size:13px;line-height:1.5">${escapeHtml(mail.footer)}</p>` : '',
    mail.unsubscribeUrl
      ? `<p style="font-size:13px"><a href="${escapeHtml(mail.unsubscribeUrl)}" style="color:#555555">${escapeHtml(UNSUBSCRIBE[mail.language])}</a></p>`
      : '',
    `</div>`,
  ];
  const html = [
    '<!doctype html>',
    `<html lang="${mail.language}" dir="${dir}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;background:#f4f5f7;font-family:Arial,'Noto Sans Arabic',sans-serif;color:#1a1b1e">`,
    `<div dir="${dir}" style="max-width:560px;margin:24px auto;background:#ffffff;border-radius:8px;overflow:hidden;text-align:${align}">`,
    ...parts.filter(Boolean),
    '</div></body></html>',
  ].join('\n');
  const text = [
    mail.business ? mail.business.name : null,
    mail.heading,
    '',
    ...mail.paragraphs,
    ...(mail.action ? ['', `${mail.action.label}: ${mail.action.url}`] : []),
    ...(mail.footer ? ['', mail.footer] : []),
    ...(mail.unsubscribeUrl ? ['', `${UNSUBSCRIBE[mail.language]}: ${mail.unsubscribeUrl}`] : []),
  ]
    .filter((line) => line !== null)
    .join('\n');
  return { subject, html, text };
}
