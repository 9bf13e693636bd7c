// Activation cards to print (A4, eight a page, cut along the dashed lines): for each member whose
// account is pending, the business's name and logo, the member's name and user name, a QR code of
// the activation link with its key, the link itself to type, and until when it works, in English
// and in Arabic on every card (a member's language is not known before they activate). Text is
// real and selectable, shaped right to left in Arabic by the shared PDF text code.
import { PDFDocument, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { EmbeddedFont, savePages } from '@fieldops/shared/pdf-font';
import { isRtlText, visualRuns, wrapText } from '@fieldops/shared/pdf-text';
import { rgbOfHex, type PdfFonts, type PdfPicture } from '../../../lib/pdf-files.ts';

export interface ActivationCard {
  fullName: string;
  username: string;
  /** The activation page with the key, absolute: what the QR code holds. */
  link: string;
  expiresAt: Date;
}

export interface ActivationCardsInput {
  business: { name: string; colour: string; timeZone: string };
  cards: readonly ActivationCard[];
  fonts: PdfFonts;
  logo: PdfPicture | null;
  now?: Date;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 24;
const COLUMNS = 2;
const ROWS = 4;
export const CARDS_PER_PAGE = COLUMNS * ROWS;
const CARD = { width: (PAGE.width - 2 * MARGIN) / COLUMNS, height: (PAGE.height - 2 * MARGIN) / ROWS };
const PAD = 14;
const QR_SIZE = 112;
const TEXT = '0.1 0.11 0.13 rg';
const MUTED = '0.38 0.4 0.43 rg';

const num = (value: number) => value.toFixed(2);

/** "#1c7ed6" as PDF fill colour operands. */
const fillOf = (hex: string) => `${rgbOfHex(hex).map(num).join(' ')} rg`;

/** The QR code of `text` as filled squares (each row's dark runs as one rectangle), its top left at (x, top). */
function qrOps(text: string, x: number, top: number, size: number): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  const ops = ['q 0 0 0 rg'];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const from = col;
      while (col < modules.size && modules.get(row, col)) col++;
      const left = x + (quiet + from) * cell;
      const bottom = top - (quiet + row + 1) * cell;
      // A hair wider and taller than the cell, so neighbouring squares print without seams.
      ops.push(`${num(left)} ${num(bottom)} ${num((col - from) * cell + 0.05)} ${num(cell + 0.05)} re`);
    }
  }
  ops.push('f Q');
  return ops.join('\n');
}

const dateIn = (language: 'en' | 'ar', at: Date, timeZone: string) =>
  new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(at);

export async function buildActivationCardsPdf({ business, cards, fonts, logo, now = new Date() }: ActivationCardsInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${business.name}: activation cards`);
  doc.setCreationDate(now);
  doc.setProducer(business.name);
  const regular = new EmbeddedFont(doc, fonts.regular);
  const bold = new EmbeddedFont(doc, fonts.bold);
  const image = logo ? (logo.format === 'png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes)) : null;
  const band = fillOf(business.colour);
  const pages: { page: PDFPage; ops: string[] }[] = [];

  /** One line of text from `left` (or ending at `right` when it reads right to left), at baseline `y`. */
  const text = (ops: string[], value: string, font: EmbeddedFont, size: number, color: string, left: number, right: number, y: number) => {
    const rtl = isRtlText(value);
    const runs = visualRuns(value, rtl ? 'rtl' : 'ltr');
    if (runs.length === 0) return;
    const width = font.widthOfRuns(runs, size);
    ops.push(font.showRuns(runs, rtl ? right - width : left, y, size, font === bold ? 'FB' : 'FR', color));
  };

  cards.forEach((card, index) => {
    const slot = index % CARDS_PER_PAGE;
    if (slot === 0) pages.push({ page: doc.addPage([PAGE.width, PAGE.height]), ops: [] });
    const { page, ops } = pages[pages.length - 1]!;
    const x = MARGIN + (slot % COLUMNS) * CARD.width;
    const top = PAGE.height - MARGIN - Math.floor(slot / COLUMNS) * CARD.height;
    const bottom = top - CARD.height;

    // The cut lines, and the business's colour along the top.
    ops.push(`q 0.6 0.62 0.66 RG 0.5 w [3 3] 0 d ${num(x)} ${num(bottom)} ${num(CARD.width)} ${num(CARD.height)} re S Q`);
    ops.push(`q ${band} ${num(x)} ${num(top - 6)} ${num(CARD.width)} 6 re f Q`);

    // The logo (when the business has one) and its name.
    let nameLeft = x + PAD;
    const headerBaseline = top - 6 - PAD - 10;
    if (image && logo) {
      const scale = Math.min(70 / logo.width, 24 / logo.height);
      const width = logo.width * scale;
      const height = logo.height * scale;
      page.drawImage(image, { x: x + PAD, y: headerBaseline - 6, width, height });
      nameLeft += width + 8;
    }
    const right = x + CARD.width - PAD;
    const [businessLine = ''] = wrapText(business.name, right - nameLeft, (piece) => bold.width(piece, 11), 1);
    text(ops, businessLine, bold, 11, TEXT, nameLeft, right, headerBaseline);

    // The QR code on the left, the words on its right.
    const qrTop = headerBaseline - 14;
    ops.push(qrOps(card.link, x + PAD - 6, qrTop, QR_SIZE));
    const left = x + PAD + QR_SIZE;
    let y = qrTop - 14;
    for (const line of wrapText(card.fullName, right - left, (piece) => bold.width(piece, 12), 2)) {
      text(ops, line, bold, 12, TEXT, left, right, y);
      y -= 16;
    }
    text(ops, `User name: ${card.username}`, regular, 8.5, MUTED, left, right, y);
    y -= 11;
    text(ops, `اسم المستخدم: ${card.username}`, regular, 8.5, MUTED, left, right, y);
    y -= 16;
    text(ops, 'Scan to activate your account', regular, 9, TEXT, left, right, y);
    y -= 12;
    text(ops, 'امسح الرمز لتفعيل حسابك', regular, 9, TEXT, left, right, y);
    y -= 16;
    text(ops, `Valid until ${dateIn('en', card.expiresAt, business.timeZone)}`, regular, 8, MUTED, left, right, y);
    y -= 11;
    text(ops, `صالح حتى ${dateIn('ar', card.expiresAt, business.timeZone)}`, regular, 8, MUTED, left, right, y);

    // The link to type, for a phone without a camera.
    const linkLines = wrapText(card.link, CARD.width - 2 * PAD, (piece) => regular.width(piece, 6.5), 2);
    linkLines.forEach((line, i) => text(ops, line, regular, 6.5, MUTED, x + PAD, right, bottom + PAD - 2 + (linkLines.length - 1 - i) * 8));
  });
  if (pages.length === 0) pages.push({ page: doc.addPage([PAGE.width, PAGE.height]), ops: [] });
  return savePages(doc, pages, regular, bold);
}
