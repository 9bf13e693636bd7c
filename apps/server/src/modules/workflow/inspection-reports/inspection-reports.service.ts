// One inspection's report (DESIGN §13): the page's data, its PDF drawn here, the links that show
// it to someone without a sign-in, and the e-mail that sends it as a PDF through the queue.
// Whoever may read the schedule may read and download its report; sharing and e-mailing it out of
// the app are for those who manage its site (owners, admins, the site's supervisors). A shared
// link holds a random token whose hash is the row's; it opens that one report, its PDF and the
// files of its answers and its instructions' pictures (and the business's logo) until it expires
// or is revoked, and nothing else: unknown, expired and revoked links all answer the same 404.
import { recordExport } from '../../platform/audit/audit-log.service.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_BASES, INSPECTION_SHARE_DEFAULT_DAYS } from '@fieldops/shared/limits';
import type {
  InspectionMailRequest,
  InspectionReport,
  InspectionShare,
  InspectionShareCreated,
  InspectionShareRequest,
  ReportLanguage,
} from '@fieldops/shared/inspections';
import type { Db } from '../../../db/client.ts';
import { notFound, forbidden } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { managesSite, viewScopeOf, type ViewScope } from '../../../policies/schedules.ts';
import { keyOfUrl } from '../../../plugins/storage.ts';
import { businessRowOf } from '../../main/businesses/businesses.service.ts';
import { inspectionIn } from '../schedules/inspection.service.ts';
import { createExportLink } from '../export-links/export-links.service.ts';
import { sendJob } from '../../platform/queue/queue.ts';
import { findLiveShare, findPosition, findShares, findShareSchedule, insertShare, revokeShare } from './inspection-reports.repository.ts';
import { pdfFonts, picturesOf, pictureOf } from '../../../lib/pdf-files.ts';
import { REPORT_TEXTS } from './report-texts.ts';

export const SHARED_INSPECTIONS_ROUTE = `${API_BASES.main}/shared/inspections`;
/** The web page a shared link opens. */
export const SHARED_PAGE = '/shared/inspections';
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
const newToken = () => crypto.randomBytes(32).toString('base64url');

/** The report of a schedule the scope sees; 404 otherwise. */
async function reportIn(db: Db, scope: ViewScope, scheduleId: number): Promise<InspectionReport> {
  const [inspection, business] = await Promise.all([inspectionIn(db, scope, scheduleId), businessRowOf(db, scope.businessId)]);
  if (!business) throw notFound();
  const position = await findPosition(db, scope.businessId, inspection.schedule.teamId, inspection.schedule.userId);
  return {
    business: { name: business.name, colour: business.colour, logo: business.logo, timeZone: business.timeZone },
    position,
    inspection,
  };
}

/** What a shared link may see: the whole of its one business's schedule, nothing more. */
const linkScope = (businessId: number): ViewScope => ({ businessId, userId: 0, timeZone: 'UTC', all: true, supervised: [] });

export async function getInspectionReport(db: Db, caller: Caller, scheduleId: number): Promise<InspectionReport> {
  return reportIn(db, await viewScopeOf(db, caller), scheduleId);
}

/** The stored files a report names: its answers' photos, signatures and voice notes. */
const answerFileKeys = (report: InspectionReport) => [
  ...new Set(report.inspection.answers.flatMap((a) => [keyOfUrl(a.file), keyOfUrl(a.voice)]).filter((key): key is string => key !== null)),
];
/** The pictures of the instructions of the version the report reads (as they were when it was answered). */
const instructionImageKeys = (report: InspectionReport) => [
  ...new Set(
    (report.inspection.version?.content.actions ?? [])
      .map((a) => (a.type === 'INSTRUCTION' ? keyOfUrl(a.image ?? null) : null))
      .filter((key): key is string => key !== null),
  ),
];
/** The pictures among them (a voice note is a link only), and the instructions'. */
const pictureKeys = (report: InspectionReport) => [
  ...new Set([...report.inspection.answers.map((a) => keyOfUrl(a.file)).filter((key): key is string => key !== null), ...instructionImageKeys(report)]),
];

interface PdfParts {
  report: InspectionReport;
  language: ReportLanguage;
  fileLink: (key: string) => string | null;
}

async function pdfOf(app: FastifyInstance, { report, language, fileLink }: PdfParts): Promise<Uint8Array> {
  const logoKey = keyOfUrl(report.business.logo);
  const [fonts, pictures, logoData] = await Promise.all([
    pdfFonts(),
    picturesOf(app.storage, pictureKeys(report)),
    logoKey ? app.storage.read(logoKey).catch(() => null) : null,
  ]);
  const logo = logoData ? await pictureOf(logoData, 360) : null;
  // pdf-lib is loaded with the first report drawn, not by every instance at start.
  const { buildReportPdf } = await import('./report-pdf.ts');
  return buildReportPdf({ report, language, fonts, pictures, logo, fileLink, keyOf: keyOfUrl });
}

export interface ReportFile {
  bytes: Uint8Array;
  fileName: string;
}

/**
 * The report as a PDF for a signed-in reader. Its pictures link to their files through an
 * export's lasting links (export-links), which the business can list and revoke like any other.
 */
export async function inspectionReportPdf(app: FastifyInstance, caller: Caller, scheduleId: number, language: ReportLanguage): Promise<ReportFile> {
  const report = await getInspectionReport(app.db, caller, scheduleId);
  const keys = answerFileKeys(report);
  const links = new Map<string, string>();
  if (keys.length > 0) {
    const made = await createExportLink(app.db, caller, { files: keys });
    for (const file of made.files) links.set(file.key, `${app.mailSettings.appUrl}${file.url}`);
  }
  const bytes = await pdfOf(app, { report, language, fileLink: (key) => links.get(key) ?? null });
  await recordExport(app.db, caller, { what: 'inspection_report', format: 'pdf', filters: { language } }, { type: 'schedule', id: scheduleId });
  return { bytes, fileName: REPORT_TEXTS[language].fileName(scheduleId) };
}

/** Sharing and e-mailing a report are for those who manage its site. */
async function requireManagedSchedule(db: Db, caller: Caller, scheduleId: number): Promise<ViewScope> {
  const scope = await viewScopeOf(db, caller);
  const { schedule } = await inspectionIn(db, scope, scheduleId);
  if (!managesSite(scope, schedule.teamId)) throw forbidden();
  return scope;
}

const sharedPageUrl = (appUrl: string, token: string) => `${appUrl}${SHARED_PAGE}/${token}`;
const sharedFileUrl = (token: string, key: string) => `${SHARED_INSPECTIONS_ROUTE}/${token}/files/${key}`;

/** A new link to the report, and the token in it (shown once). */
async function insertLink(db: Db, caller: Caller, scheduleId: number, days: number, now: Date) {
  const token = newToken();
  const share = await insertShare(db, {
    businessId: caller.businessId,
    scheduleId,
    tokenHash: hashOf(token),
    creatorId: caller.userId,
    expiresAt: new Date(now.getTime() + days * DAY_MS),
  });
  return { token, share };
}

export async function createInspectionShare(
  app: FastifyInstance,
  caller: Caller,
  scheduleId: number,
  request: InspectionShareRequest,
  now = new Date(),
): Promise<InspectionShareCreated> {
  await requireManagedSchedule(app.db, caller, scheduleId);
  const { token, share } = await insertLink(app.db, caller, scheduleId, request.days ?? INSPECTION_SHARE_DEFAULT_DAYS, now);
  return { ...share, url: sharedPageUrl(app.mailSettings.appUrl, token) };
}

export async function listInspectionShares(db: Db, caller: Caller, scheduleId: number): Promise<InspectionShare[]> {
  await requireManagedSchedule(db, caller, scheduleId);
  return findShares(db, caller.businessId, scheduleId);
}

/** Revokes a link; another business's, or one of a schedule the caller does not manage, is 404 or 403 as the schedule would be. */
export async function revokeInspectionShare(db: Db, caller: Caller, shareId: number, now = new Date()): Promise<void> {
  const scheduleId = await findShareSchedule(db, caller.businessId, shareId);
  if (scheduleId === null) throw notFound();
  await requireManagedSchedule(db, caller, scheduleId);
  await revokeShare(db, caller.businessId, shareId, now);
}

/** The live link's business and schedule; 404 for a malformed, unknown, expired or revoked one alike. */
async function liveShare(db: Db, token: string, now = new Date()) {
  const share = TOKEN.test(token) ? await findLiveShare(db, hashOf(token), now) : null;
  if (!share) throw notFound();
  return share;
}

/** The report through its link: its files (and the logo) are addresses of the link itself. */
export async function sharedReport(db: Db, token: string): Promise<InspectionReport> {
  const share = await liveShare(db, token);
  const report = await reportIn(db, linkScope(share.businessId), share.scheduleId);
  const viaLink = (url: string | null) => {
    const key = keyOfUrl(url);
    return key ? sharedFileUrl(token, key) : null;
  };
  const { version } = report.inspection;
  return {
    ...report,
    business: { ...report.business, logo: viaLink(report.business.logo) },
    inspection: {
      ...report.inspection,
      answers: report.inspection.answers.map((a) => ({ ...a, file: viaLink(a.file), voice: viaLink(a.voice) })),
      version: version && {
        ...version,
        content: { ...version.content, actions: version.content.actions.map((a) => (a.image ? { ...a, image: viaLink(a.image) } : a)) },
      },
    },
  };
}

/**
 * The report as a PDF through its link, for whoever holds it: recorded as an export of no one in
 * particular, through the link, with the address and client it went to.
 */
export async function sharedReportPdf(app: FastifyInstance, token: string, language: ReportLanguage): Promise<ReportFile> {
  const share = await liveShare(app.db, token);
  const report = await reportIn(app.db, linkScope(share.businessId), share.scheduleId);
  const bytes = await pdfOf(app, { report, language, fileLink: (key) => `${app.mailSettings.appUrl}${sharedFileUrl(token, key)}` });
  await recordEvent(app.db, {
    businessId: share.businessId,
    kind: 'export.created',
    actorId: null,
    data: {
      target: { type: 'schedule', id: share.scheduleId },
      after: { what: 'inspection_report', format: 'pdf', via: 'shared_link', shareId: share.id, filters: { language } },
    },
  });
  return { bytes, fileName: REPORT_TEXTS[language].fileName(share.scheduleId) };
}

/** One file the shared report shows (an answer's, an instruction's picture, or the logo); any other is 404. */
export async function sharedReportFile(app: FastifyInstance, token: string, key: string): Promise<Buffer> {
  const share = await liveShare(app.db, token);
  const report = await reportIn(app.db, linkScope(share.businessId), share.scheduleId);
  const allowed = new Set([...answerFileKeys(report), ...instructionImageKeys(report), keyOfUrl(report.business.logo)]);
  if (!allowed.has(key)) throw notFound();
  const data = await app.storage.read(key);
  if (!data) throw notFound();
  return data;
}

export type InspectionMailJob = {
  businessId: number;
  scheduleId: number;
  /** The link the message and the PDF's pictures open (made with the request, shown in the message). */
  token: string;
  expiresAt: string;
  to: string[];
  language: ReportLanguage;
  senderId: number;
};

/**
 * Sends the report as a PDF to the addresses: a link to it is made now (listed with the others,
 * revocable), and a job draws the PDF and queues one message to each address with it attached.
 */
export async function mailInspectionReport(
  app: FastifyInstance,
  caller: Caller,
  scheduleId: number,
  request: InspectionMailRequest,
  now = new Date(),
): Promise<{ queued: number }> {
  await requireManagedSchedule(app.db, caller, scheduleId);
  const to = [...new Set(request.to)];
  await app.db.transaction(async (tx) => {
    const { token, share } = await insertLink(tx, caller, scheduleId, INSPECTION_SHARE_DEFAULT_DAYS, now);
    const job: InspectionMailJob = {
      businessId: caller.businessId,
      scheduleId,
      token,
      expiresAt: share.expiresAt,
      to,
      language: request.language,
      senderId: caller.userId,
    };
    await sendJob(tx, 'inspection.mail', job);
    // The PDF leaves the app by e-mail: who sent it, to which addresses, is in the audit log.
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'export.created',
      actorId: caller.userId,
      data: {
        target: { type: 'schedule', id: scheduleId },
        after: { what: 'inspection_report', format: 'pdf', via: 'mail', to, shareId: share.id, filters: { language: request.language } },
      },
    });
  });
  return { queued: to.length };
}

export { pdfOf as reportPdfOf, reportIn as reportOfSchedule, linkScope, sharedPageUrl, sharedFileUrl };
