// What can be done with a report: download its PDF in the screen's language, and, for those who
// manage its site (owners, admins, the site's supervisors, as the server allows), e-mail it and
// share it through links that need no sign-in.
import { useState, type MouseEvent } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload, IconMail, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { inspectionPdfUrl, useDownloadInspectionPdfMutation } from '../api/download-inspection-pdf.ts';
import { MailReportModal } from './mail-report-modal.tsx';
import { ShareLinksModal } from './share-links-modal.tsx';

interface PdfLinkProps {
  href: string;
  /** Reads the file itself (with the session's credentials) rather than following the link. */
  onDownload?: () => void;
  pending?: boolean;
}

export function PdfLink({ href, onDownload, pending = false }: PdfLinkProps) {
  const { t } = useTranslation();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onDownload) return;
    event.preventDefault();
    if (!pending) onDownload();
  };
  return (
    <Button component="a" href={href} onClick={click} loading={pending} variant="default" leftSection={<IconDownload size={16} />}>
      {t('inspections.actions.pdf')}
    </Button>
  );
}

type Dialog = 'mail' | 'share' | null;

export function ReportActions({ scheduleId, siteId }: { scheduleId: number; siteId: number }) {
  const { t, i18n } = useTranslation();
  const sends = useAccess().canManageSite(siteId);
  const language = currentLanguage(i18n);
  const [dialog, setDialog] = useState<Dialog>(null);
  const pdf = useDownloadInspectionPdfMutation(scheduleId);
  const close = () => setDialog(null);
  const download = () => pdf.mutate(language, { onError: (error) => notifyError(errorMessage(error)) });
  return (
    <>
      <Group gap="sm">
        <PdfLink href={inspectionPdfUrl(scheduleId, language)} onDownload={download} pending={pdf.isPending} />
        {sends ? (
          <>
            <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setDialog('mail')}>
              {t('inspections.actions.mail')}
            </Button>
            <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => setDialog('share')}>
              {t('inspections.actions.share')}
            </Button>
          </>
        ) : null}
      </Group>
      {sends ? (
        <>
          <MailReportModal scheduleId={scheduleId} opened={dialog === 'mail'} onClose={close} />
          <ShareLinksModal scheduleId={scheduleId} opened={dialog === 'share'} onClose={close} />
        </>
      ) : null}
    </>
  );
}
