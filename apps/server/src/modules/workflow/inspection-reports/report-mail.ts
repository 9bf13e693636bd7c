// The 'inspection.mail' job: draws the report's PDF once, keeps it in storage, and queues one
// message to each address with it attached and the shared link in it (mail.send sends them). A
// retried job makes no second message: each message's key is the job's and the address's. A PDF
// a retried job drew again is kept by no row and goes with the sweep of stray files.
import type { FastifyInstance } from 'fastify';
import type { QueuedMail } from '../../platform/mail/mail.service.ts';
import { queueMails } from '../../platform/mail/mail.service.ts';
import { renderMail } from '../../platform/mail/mail-layout.ts';
import { basicInfosOf } from '../../main/members/members.service.ts';
import { formatNumberIn, localeOf } from '@fieldops/shared/answer-words';
import type { Queue } from '../../platform/queue/queue.ts';
import { linkScope, reportOfSchedule, reportPdfOf, sharedFileUrl, sharedPageUrl, type InspectionMailJob } from './inspection-reports.service.ts';
import { REPORT_TEXTS } from './report-texts.ts';

export async function sendInspectionMail(app: FastifyInstance, job: InspectionMailJob, jobId: string): Promise<void> {
  const { appUrl } = app.mailSettings;
  const report = await reportOfSchedule(app.db, linkScope(job.businessId), job.scheduleId).catch(() => null);
  // The schedule is gone: nothing to send.
  if (!report) return;
  const t = REPORT_TEXTS[job.language];
  const bytes = await reportPdfOf(app, { report, language: job.language, fileLink: (key) => `${appUrl}${sharedFileUrl(job.token, key)}` });
  const stored = await app.storage.put(Buffer.from(bytes), 'pdf');
  const [sender] = await basicInfosOf(app.db, job.businessId, [job.senderId]);
  const { schedule } = report.inspection;
  const task = (job.language === 'ar' ? schedule.taskNameAr || schedule.taskNameEn : schedule.taskNameEn || schedule.taskNameAr) ?? '';
  const date = (iso: string) =>
    new Intl.DateTimeFormat(localeOf(job.language), { dateStyle: 'medium', timeZone: report.business.timeZone }).format(new Date(iso));
  const score = report.inspection.score;
  const result =
    score?.percent != null
      ? `${t.score}: ${formatNumberIn(Math.round(score.percent * 10) / 10, job.language)}% (${score.passed === true ? t.passed : score.passed === false ? t.failed : t.notScored})`
      : null;
  const rendered = renderMail({
    language: job.language,
    subject: t.mail.subject(task, schedule.teamName),
    business: { name: report.business.name, colour: report.business.colour },
    heading: t.title,
    paragraphs: [
      t.mail.intro(sender?.fullName ?? report.business.name, task, schedule.teamName, date(schedule.start)),
      ...(result ? [result] : []),
      t.mail.attached,
    ],
    action: { label: t.mail.open, url: sharedPageUrl(appUrl, job.token) },
    footer: t.mail.expires(date(job.expiresAt)),
  });
  const mails: QueuedMail[] = job.to.map((to) => ({
    ...rendered,
    businessId: job.businessId,
    userId: null,
    kind: 'inspectionReport',
    to,
    language: job.language,
    deliveryKey: `inspection-mail:${jobId}:${to}`,
    security: true,
    attachment: { key: stored.key, name: t.fileName(job.scheduleId) },
  }));
  await app.db.transaction((tx) => queueMails(tx, mails));
}

export async function workInspectionMail(queue: Queue, app: FastifyInstance): Promise<void> {
  await queue.work<InspectionMailJob>('inspection.mail', (data, job) => sendInspectionMail(app, data, job.id));
}
