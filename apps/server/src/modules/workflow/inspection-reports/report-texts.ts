// The words of an inspection's report (its PDF and the e-mail that carries it), in English and
// Arabic. The page in the app has its own in the web's locales.
import type { AnswerWords } from '@fieldops/shared/answer-words';
import type { ReportLanguage } from '@fieldops/shared/inspections';

export interface ReportTexts {
  title: string;
  site: string;
  project: string;
  member: string;
  position: string;
  date: string;
  lastAnswer: string;
  version: string;
  score: string;
  passed: string;
  failed: string;
  notScored: string;
  /** A score so far of an inspection not finished: neither passed nor failed. */
  unfinished: string;
  passMark: (percent: string) => string;
  failedItems: string;
  noFailedItems: string;
  general: string;
  noAnswer: string;
  notYetAnswered: string;
  note: string;
  flagged: string;
  outOfRange: string;
  outside: string;
  photo: string;
  signature: string;
  voice: string;
  openFile: string;
  page: (page: number, pages: number) => string;
  generated: (when: string) => string;
  fileName: (id: number) => string;
  words: AnswerWords;
  mail: {
    subject: (task: string, site: string) => string;
    intro: (sender: string, task: string, site: string, date: string) => string;
    attached: string;
    open: string;
    expires: (date: string) => string;
  };
}

export const REPORT_TEXTS: Record<ReportLanguage, ReportTexts> = {
  en: {
    title: 'Inspection report',
    site: 'Site',
    project: 'Project',
    member: 'Member',
    position: 'Position',
    date: 'Scheduled',
    lastAnswer: 'Last answer',
    version: 'Task version',
    score: 'Score',
    passed: 'Passed',
    failed: 'Failed',
    notScored: 'Not scored',
    unfinished: 'Not finished',
    passMark: (percent) => `Pass mark ${percent}`,
    failedItems: 'Failed items',
    noFailedItems: 'No failed items',
    general: 'General',
    noAnswer: 'No answer',
    notYetAnswered: 'Nothing has been answered yet.',
    note: 'Note',
    flagged: 'Flagged',
    outOfRange: 'Out of range',
    outside: 'Given outside the site',
    photo: 'Photo',
    signature: 'Signature',
    voice: 'Voice note',
    openFile: 'open',
    page: (page, pages) => `Page ${page} of ${pages}`,
    generated: (when) => `Generated ${when}`,
    fileName: (id) => `inspection-${id}.pdf`,
    words: { yes: 'Yes', no: 'No', notApplicable: 'N/A', checked: 'Done', notChecked: 'Not done', rating: (value, max) => `${value} of ${max} stars` },
    mail: {
      subject: (task, site) => `Inspection report: ${task}, ${site}`,
      intro: (sender, task, site, date) => `${sender} sent you the report of the inspection "${task}" at ${site} on ${date}.`,
      attached: 'The report is attached as a PDF.',
      open: 'Open the report',
      expires: (date) => `The link works until ${date}.`,
    },
  },
  ar: {
    title: 'تقرير التفتيش',
    site: 'الموقع',
    project: 'المشروع',
    member: 'العضو',
    position: 'المنصب',
    date: 'الموعد',
    lastAnswer: 'آخر إجابة',
    version: 'إصدار المهمة',
    score: 'النتيجة',
    passed: 'ناجح',
    failed: 'راسب',
    notScored: 'بلا درجة',
    unfinished: 'لم يكتمل',
    passMark: (percent) => `درجة النجاح ${percent}`,
    failedItems: 'البنود الراسبة',
    noFailedItems: 'لا توجد بنود راسبة',
    general: 'عام',
    noAnswer: 'بلا إجابة',
    notYetAnswered: 'لم تقدم أي إجابة بعد.',
    note: 'ملاحظة',
    flagged: 'عليها علامة',
    outOfRange: 'خارج النطاق',
    outside: 'خارج نطاق الموقع',
    photo: 'صورة',
    signature: 'توقيع',
    voice: 'ملاحظة صوتية',
    openFile: 'فتح',
    page: (page, pages) => `صفحة ${page} من ${pages}`,
    generated: (when) => `أنشئ في ${when}`,
    fileName: (id) => `inspection-${id}.pdf`,
    words: { yes: 'نعم', no: 'لا', notApplicable: 'لا ينطبق', checked: 'تم', notChecked: 'لم يتم', rating: (value, max) => `${value} من ${max} نجوم` },
    mail: {
      subject: (task, site) => `تقرير التفتيش: ${task}، ${site}`,
      intro: (sender, task, site, date) => `أرسل إليك ${sender} تقرير التفتيش «${task}» في ${site} بتاريخ ${date}.`,
      attached: 'التقرير مرفق بصيغة PDF.',
      open: 'فتح التقرير',
      expires: (date) => `يعمل الرابط حتى ${date}.`,
    },
  },
};
