// E-mails the report as a PDF: one or more addresses (Enter, a comma or a space after each; one
// still being typed is sent too) and the report's language, the screen's by default. The server
// takes it on (202) and sends it in the background; a refusal stays in the dialog, in its words.
// The api client sends one Idempotency-Key per intent, and the button waits while it is sent.
import { useState, type FormEvent } from 'react';
import { Select, Stack, TagsInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import { REPORT_LANGUAGES, inspectionMailRequest, type ReportLanguage } from '@fieldops/shared/inspections';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useFormState } from '../../../lib/form.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useMailInspectionReportMutation } from '../api/mail-inspection-report.ts';

interface MailReportModalProps {
  scheduleId: number;
  opened: boolean;
  onClose: () => void;
}

export function MailReportModal({ scheduleId, opened, onClose }: MailReportModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal<void> opened={opened} onClose={onClose} title={t('inspections.mail.title')} onSaved={() => notifySuccess(t('inspections.mail.sent'))}>
      {({ close, saved }) => <MailReportForm scheduleId={scheduleId} onCancel={close} onSent={() => saved()} />}
    </FormModal>
  );
}

const SPLIT = [',', ' ', ';'];

function MailReportForm({ scheduleId, onCancel, onSent }: { scheduleId: number; onCancel: () => void; onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const mail = useMailInspectionReportMutation(scheduleId);
  const form = useFormState<{ to: string[]; language: ReportLanguage }>({ to: [], language: currentLanguage(i18n) });
  const [typing, setTyping] = useState('');
  const [refusal, setRefusal] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mail.isPending) return;
    // An address typed but not yet turned into a tag is meant too.
    const pending = typing.trim();
    const to = pending && !form.values.to.includes(pending) ? [...form.values.to, pending] : form.values.to;
    if (to !== form.values.to) {
      form.setValue('to', to);
      setTyping('');
    }
    if (to.length === 0) {
      form.setErrors({ to: MSG.required });
      return;
    }
    const body = form.validate(inspectionMailRequest, { to, language: form.values.language });
    if (!body) return;
    setRefusal(null);
    mail.mutate(body, {
      onSuccess: onSent,
      onError: (error) => {
        const named = form.showFieldErrors(error);
        if (Object.keys(named).length === 0) setRefusal(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert error={refusal} />
        <TagsInput
          label={t('inspections.mail.to')}
          description={t('inspections.mail.toHint')}
          placeholder={form.values.to.length === 0 ? 'name@example.com' : undefined}
          required
          data-autofocus
          dir="ltr"
          splitChars={SPLIT}
          value={form.values.to}
          onChange={(value) => form.setValue('to', value)}
          searchValue={typing}
          onSearchChange={setTyping}
          error={form.error('to')}
          acceptValueOnBlur
        />
        <Select
          label={t('inspections.mail.language')}
          data={REPORT_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
          value={form.values.language}
          onChange={(value) => {
            if (value === 'en' || value === 'ar') form.setValue('language', value);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions submitLabel={t('inspections.mail.send')} pending={mail.isPending} onCancel={onCancel} icon={<IconSend size={16} />} />
      </Stack>
    </form>
  );
}
