// One inspection's report as a PDF (pdf-lib), drawn on the server so that it can be downloaded,
// e-mailed and shared alike. A4 portrait: a cover band in the business's colour with its logo,
// the task, site, member, position and time in the business's zone, the score and passed or
// failed with the failed items; then each part of the task with its score, and each question
// shown to the member with its answer, note, flag, photos as pictures linking to their files,
// the signature as a picture and voice notes as links; an instruction with its text and picture.
// Text is real and selectable, shaped and ordered right to left in Arabic by the shared PDF text
// code; in Arabic everything runs from the right.
import { PDFDocument, rgb, type Color, type PDFImage, type PDFPage } from 'pdf-lib';
import { answerValueWords, formatNumberIn, localeOf } from '@fieldops/shared/answer-words';
import { isFinished } from '@fieldops/shared/enums';
import { outOfRange } from '@fieldops/shared/inspection-score';
import type { InspectionReport, ReportLanguage } from '@fieldops/shared/inspections';
import { EmbeddedFont, addLink, savePages } from '@fieldops/shared/pdf-font';
import { isRtlText, visualRuns, wrapText } from '@fieldops/shared/pdf-text';
import { rgbOfHex, type PdfFonts, type PdfPicture } from '../../../lib/pdf-files.ts';
import { REPORT_TEXTS } from './report-texts.ts';
import { reportGroups, type ReportItem } from './report-model.ts';

export type ReportFonts = PdfFonts;
export type ReportPicture = PdfPicture;

export interface ReportPdfInput {
  report: InspectionReport;
  language: ReportLanguage;
  fonts: ReportFonts;
  /** Pictures of the answers' photos and signatures and of the instructions, by storage key; a file without one is named in words. */
  pictures: ReadonlyMap<string, ReportPicture>;
  logo: ReportPicture | null;
  /** The address a file of an answer opens at from the PDF (absolute), or null for none. */
  fileLink: (key: string) => string | null;
  /** The storage key of a stored file's address (`/api/files/{key}`), or null. */
  keyOf: (url: string | null) => string | null;
  now?: Date;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const INNER = PAGE.width - 2 * MARGIN;
const BOTTOM = MARGIN + 18;
const LINE_GAP = 4;
const TEXT = '0.1 0.11 0.13 rg';
const MUTED = '0.38 0.4 0.43 rg';
const LINK = '0.11 0.31 0.69 rg';
const ALERT = '0.72 0.11 0.11 rg';
const WHITE = '1 1 1 rg';
const GRID = rgb(0.85, 0.87, 0.9);
const SECTION_FILL = rgb(0.94, 0.95, 0.97);
const PASS_FILL = rgb(0.17, 0.54, 0.24);
const FAIL_FILL = rgb(0.79, 0.16, 0.16);
const NEUTRAL_FILL = rgb(0.45, 0.47, 0.5);
/** A photo is drawn at most this big (points), linking to its file. */
const PHOTO_BOX = { width: 220, height: 165 };
const SIGNATURE_BOX = { width: 190, height: 76 };
const LOGO_BOX = { width: 130, height: 48 };

/** "#1c7ed6" as a colour; an unreadable one is the app's blue. */
const colourOf = (hex: string): Color => rgb(...rgbOfHex(hex));

const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;

/**
 * The direction a line reads in: its own first strong letter's (a note written in English reads
 * left to right in an Arabic report, "9.5 °C" too), else the report's.
 */
const directionFor = (rtl: boolean) => (text: string) => (isRtlText(text) ? 'rtl' : LATIN_LETTER.test(text) || !rtl ? 'ltr' : 'rtl');

const nameIn = (language: ReportLanguage, en: string | null | undefined, ar: string | null | undefined) =>
  (language === 'ar' ? ar?.trim() || en?.trim() : en?.trim() || ar?.trim()) || '';

export async function buildReportPdf(input: ReportPdfInput): Promise<Uint8Array> {
  const { report, language, fonts } = input;
  const t = REPORT_TEXTS[language];
  const rtl = language === 'ar';
  const directionOf = directionFor(rtl);
  const { inspection, business } = report;
  const { schedule } = inspection;
  const now = input.now ?? new Date();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: business.timeZone }).format(new Date(iso));
  const percent = (value: number) => `${formatNumberIn(Math.round(value * 10) / 10, language)}%`;
  const taskName = nameIn(language, schedule.taskNameEn, schedule.taskNameAr);

  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title}: ${taskName}`);
  doc.setLanguage(language);
  doc.setCreationDate(now);
  doc.setProducer(business.name);
  const regular = new EmbeddedFont(doc, fonts.regular);
  const bold = new EmbeddedFont(doc, fonts.bold);

  const pages: { page: PDFPage; ops: string[] }[] = [];
  let current!: { page: PDFPage; ops: string[] };
  let y = 0;
  const newPage = () => {
    current = { page: doc.addPage([PAGE.width, PAGE.height]), ops: [] };
    pages.push(current);
    y = PAGE.height - MARGIN;
  };
  /** Starts a new page unless `height` more points fit on this one. */
  const room = (height: number) => {
    if (y - height < BOTTOM) newPage();
  };

  /** One line at the start side of the page's direction (or `align` 'end'); answers where it went. */
  const line = (text: string, font: EmbeddedFont, size: number, color: string, options: { left?: number; right?: number; align?: 'start' | 'end' } = {}) => {
    const left = options.left ?? MARGIN;
    const right = options.right ?? PAGE.width - MARGIN;
    const runs = visualRuns(text, directionOf(text));
    if (runs.length === 0) return null;
    const width = font.widthOfRuns(runs, size);
    const atRight = (options.align === 'end') !== rtl;
    const x = atRight ? right - width : left;
    current.ops.push(font.showRuns(runs, x, y, size, font === bold ? 'FB' : 'FR', color));
    return { x, width };
  };
  /** A paragraph wrapped to the width, each line on its own baseline; moves `y` below it. */
  const paragraph = (text: string, font: EmbeddedFont, size: number, color: string, options: { left?: number; right?: number; indent?: number } = {}) => {
    const left = (options.left ?? MARGIN) + (rtl ? 0 : (options.indent ?? 0));
    const right = (options.right ?? PAGE.width - MARGIN) - (rtl ? (options.indent ?? 0) : 0);
    const spans: { x: number; width: number; top: number }[] = [];
    for (const text_ of wrapText(text, right - left, (piece) => font.width(piece, size), 60)) {
      room(size + LINE_GAP);
      y -= size;
      const span = line(text_, font, size, color, { left, right });
      if (span) spans.push({ ...span, top: y + size });
      y -= LINE_GAP;
    }
    return spans;
  };
  const link = (x1: number, y1: number, x2: number, y2: number, url: string) => addLink(doc, current.page, [x1, y1, x2, y2], url);

  const embedded = new Map<string, PDFImage>();
  const embed = async (key: string, picture: ReportPicture): Promise<PDFImage | null> => {
    const found = embedded.get(key);
    if (found) return found;
    try {
      const image = picture.format === 'jpg' ? await doc.embedJpg(picture.bytes) : await doc.embedPng(picture.bytes);
      embedded.set(key, image);
      return image;
    } catch {
      return null;
    }
  };
  const fit = (picture: { width: number; height: number }, box: { width: number; height: number }) => {
    const scale = Math.min(box.width / picture.width, box.height / picture.height, 1);
    return { width: picture.width * scale, height: picture.height * scale };
  };

  // ---- The cover.
  newPage();
  const brand = colourOf(business.colour);
  current.page.drawRectangle({ x: 0, y: PAGE.height - 12, width: PAGE.width, height: 12, color: brand });
  y -= 6;
  let logoHeight = 0;
  if (input.logo) {
    const image = await embed('logo', input.logo);
    if (image) {
      const size = fit(input.logo, LOGO_BOX);
      const x = rtl ? PAGE.width - MARGIN - size.width : MARGIN;
      current.page.drawImage(image, { x, y: y - size.height, width: size.width, height: size.height });
      logoHeight = size.height;
    }
  }
  y -= 12;
  line(business.name, bold, 11, TEXT, { align: 'end' });
  y -= Math.max(logoHeight, 12) + 18;
  y -= 20;
  line(t.title, bold, 20, TEXT);
  y -= 10;
  paragraph(taskName, bold, 14, TEXT);
  y -= 6;

  const facts: [string, string][] = [
    [t.site, schedule.teamName],
    [t.project, schedule.projectName],
    [t.member, schedule.userFullName],
    [t.position, report.position ?? '—'],
    [t.date, when(schedule.start)],
  ];
  const lastAnswer = inspection.answers.reduce<string | null>((latest, a) => (latest === null || a.createdDate > latest ? a.createdDate : latest), null);
  if (lastAnswer) facts.push([t.lastAnswer, when(lastAnswer)]);
  if (inspection.version) facts.push([t.version, formatNumberIn(inspection.version.number, language)]);
  const labelWidth = 110;
  for (const [label, value] of facts) {
    room(16);
    y -= 10;
    line(label, regular, 9.5, MUTED, rtl ? { right: PAGE.width - MARGIN } : { left: MARGIN });
    const valueSide = rtl ? { left: MARGIN, right: PAGE.width - MARGIN - labelWidth } : { left: MARGIN + labelWidth };
    line(value, bold, 10, TEXT, valueSide);
    y -= 6;
  }
  y -= 14;

  // The score box: the percentage, the result as a coloured badge, the pass mark.
  const score = inspection.score;
  room(64);
  const boxTop = y;
  current.page.drawRectangle({ x: MARGIN, y: boxTop - 56, width: INNER, height: 56, borderColor: GRID, borderWidth: 1 });
  y = boxTop - 22;
  line(t.score, regular, 9.5, MUTED, { left: MARGIN + 14, right: PAGE.width - MARGIN - 14 });
  y = boxTop - 46;
  line(score?.percent != null ? percent(score.percent) : '—', bold, 22, TEXT, { left: MARGIN + 14, right: PAGE.width - MARGIN - 14 });
  // Scored so far but not finished: neither passed nor failed yet.
  const finished = isFinished(inspection.schedule.status);
  const passed = finished ? score?.passed : null;
  const result = !finished && score?.percent != null ? t.unfinished : passed === true ? t.passed : passed === false ? t.failed : t.notScored;
  const badgeWidth = bold.width(result, 12) + 28;
  const badgeX = rtl ? MARGIN + 14 : PAGE.width - MARGIN - 14 - badgeWidth;
  current.page.drawRectangle({
    x: badgeX,
    y: boxTop - 40,
    width: badgeWidth,
    height: 24,
    color: passed === true ? PASS_FILL : passed === false ? FAIL_FILL : NEUTRAL_FILL,
  });
  y = boxTop - 32;
  line(result, bold, 12, WHITE, { left: badgeX + 14, right: badgeX + badgeWidth - 14 });
  const passMark = inspection.version?.content.passMark ?? null;
  if (passMark !== null) {
    y = boxTop - 50;
    line(t.passMark(percent(passMark)), regular, 8.5, MUTED, { align: 'end', left: MARGIN + 14, right: PAGE.width - MARGIN - 14 });
  }
  y = boxTop - 56 - 16;

  const groups = reportGroups(inspection);
  const names = new Map(groups.flatMap((g) => g.items.map((i) => [i.action.id, nameIn(language, i.action.nameEn, i.action.nameAr)] as const)));
  if (score && score.failed.length > 0) {
    room(30);
    y -= 12;
    line(t.failedItems, bold, 11, ALERT);
    y -= 6;
    for (const id of score.failed) paragraph(`• ${names.get(id) ?? `#${id}`}`, regular, 9.5, TEXT, { indent: 8 });
  } else if (score) {
    room(20);
    y -= 11;
    line(t.noFailedItems, regular, 9.5, MUTED);
    y -= 6;
  }
  if (!inspection.version) {
    y -= 14;
    line(t.notYetAnswered, regular, 10, MUTED);
  }

  // ---- The parts of the task and their questions.
  const sectionScores = new Map((score?.sections ?? []).map((s) => [s.sectionId, s.percent]));
  for (const group of groups) {
    if (group.items.length === 0) continue;
    y -= 14;
    room(28 + 40);
    const barTop = y;
    current.page.drawRectangle({ x: MARGIN, y: barTop - 22, width: INNER, height: 22, color: SECTION_FILL });
    y = barTop - 15;
    const groupName = group.section ? nameIn(language, group.section.nameEn, group.section.nameAr) : t.general;
    line(groupName, bold, 11, TEXT, { left: MARGIN + 8, right: PAGE.width - MARGIN - 8 });
    const groupPercent = sectionScores.get(group.section?.id ?? null);
    if (groupPercent != null) line(percent(groupPercent), bold, 11, TEXT, { align: 'end', left: MARGIN + 8, right: PAGE.width - MARGIN - 8 });
    y = barTop - 22 - 6;
    for (const item of group.items) await drawItem(item);
  }

  async function drawItem(item: ReportItem) {
    const { action, answer } = item;
    y -= 6;
    room(40);
    paragraph(names.get(action.id) ?? '', bold, 10, TEXT);
    if (action.type === 'INSTRUCTION') {
      const description = nameIn(language, action.descriptionEn, action.descriptionAr);
      if (description) paragraph(description, regular, 9.5, MUTED, { indent: 8 });
      // Its picture as the version had it, at a photo's size.
      const imageKey = input.keyOf(action.image ?? null);
      if (imageKey) await drawPicture(imageKey, t.photo, PHOTO_BOX);
    } else if (!answer) {
      paragraph(t.noAnswer, regular, 9.5, MUTED, { indent: 8 });
    } else {
      const words = answerValueWords(answer, language, t.words);
      if (words !== null) paragraph(words, regular, 10, TEXT, { indent: 8 });
      const marks: string[] = [];
      if ((action.type === 'NUMBER' || action.type === 'SLIDER') && action.settings && outOfRange(action.settings, answer.value)) marks.push(t.outOfRange);
      if (answer.isFlagged) marks.push(t.flagged);
      if (answer.outside) marks.push(t.outside);
      if (marks.length > 0) paragraph(marks.join(' · '), bold, 9, ALERT, { indent: 8 });
      if (answer.notes) paragraph(`${t.note}: ${answer.notes}`, regular, 9.5, MUTED, { indent: 8 });
      const fileKey = input.keyOf(answer.file);
      if (fileKey) await drawPicture(fileKey, action.type === 'SIGNATURE' ? t.signature : t.photo, action.type === 'SIGNATURE' ? SIGNATURE_BOX : PHOTO_BOX);
      const voiceKey = input.keyOf(answer.voice);
      if (voiceKey) {
        const url = input.fileLink(voiceKey);
        const spans = paragraph(url ? `${t.voice} (${t.openFile})` : t.voice, regular, 9.5, url ? LINK : MUTED, { indent: 8 });
        const span = spans[0];
        if (url && span) link(span.x, span.top - 11, span.x + span.width, span.top + 1, url);
      }
    }
    y -= 4;
    current.page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.4, color: GRID });
  }

  async function drawPicture(key: string, label: string, box: { width: number; height: number }) {
    const url = input.fileLink(key);
    const picture = input.pictures.get(key);
    const image = picture ? await embed(key, picture) : null;
    if (!picture || !image) {
      const spans = paragraph(url ? `${label} (${t.openFile})` : label, regular, 9.5, url ? LINK : MUTED, { indent: 8 });
      const span = spans[0];
      if (url && span) link(span.x, span.top - 11, span.x + span.width, span.top + 1, url);
      return;
    }
    const size = fit(picture, box);
    room(size.height + 8);
    y -= 4;
    const x = rtl ? PAGE.width - MARGIN - 8 - size.width : MARGIN + 8;
    current.page.drawImage(image, { x, y: y - size.height, width: size.width, height: size.height });
    current.page.drawRectangle({ x, y: y - size.height, width: size.width, height: size.height, borderColor: GRID, borderWidth: 0.5 });
    if (url) link(x, y - size.height, x + size.width, y, url);
    y -= size.height + 4;
  }

  // ---- Footers, now that the pages are counted.
  const generated = t.generated(when(now.toISOString()));
  pages.forEach((each, index) => {
    current = each;
    y = MARGIN / 2 + 4;
    line(t.page(index + 1, pages.length), regular, 8, MUTED, { align: 'end' });
    line(`${business.name} · ${generated}`, regular, 8, MUTED);
  });

  return savePages(doc, pages, regular, bold);
}
