// "New kiosk": a site and a name. Once made, the dialog shows the enrolment code this one time,
// with a copy button, the enrolment link for the tablet and how long the code works.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDeviceTablet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KIOSK_CODE_HOURS, createKioskRequest, type CreatedKiosk } from '@fieldops/shared/kiosks';
import { CopyLinkField } from '../../../components/copy-link-field.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useFormState } from '../../../lib/form.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCreateKioskMutation } from '../api/create-kiosk.ts';

/** The address a tablet opens to enrol, with its code filled in. */
export const enrolmentLink = (code: string) => `${window.location.origin}${paths.kioskEnrol(code)}`;

export function NewKioskModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedKiosk | null>(null);
  const close = () => {
    // The code is gone once the dialog closes: the server never shows it again.
    setCreated(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={created ? t('kiosks.code.title') : t('kiosks.new.title')} size="lg" centered>
      {opened ? created ? <EnrolmentCode created={created} onClose={close} /> : <NewKioskForm onCreated={setCreated} onClose={close} /> : null}
    </Modal>
  );
}

function NewKioskForm({ onCreated, onClose }: { onCreated: (created: CreatedKiosk) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { sites } = useSession();
  const form = useFormState({ teamId: '', name: '' });
  const create = useCreateKioskMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(createKioskRequest, { name: form.values.name, teamId: form.values.teamId ? Number(form.values.teamId) : undefined });
    if (!body) return;
    create.mutate(body, { onSuccess: onCreated, onError: form.showFieldErrors });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('kiosks.new.text')}</Text>
        <FormAlert error={create.error} fallbackKey="unknownError" />
        <Select
          label={t('kiosks.new.site')}
          placeholder={t('kiosks.new.sitePlaceholder')}
          data={sites.map((site) => ({ value: String(site.id), label: site.name }))}
          searchable
          required
          data-autofocus
          {...form.select('teamId')}
        />
        <TextInput label={t('kiosks.new.name')} description={t('kiosks.new.nameHint')} required maxLength={100} {...form.field('name')} />
        <FormActions submitLabel={t('kiosks.new.submit')} pending={create.isPending} onCancel={onClose} icon={<IconDeviceTablet size={16} />} />
      </Stack>
    </form>
  );
}

function EnrolmentCode({ created, onClose }: { created: CreatedKiosk; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const code = created.enrolmentCode;
  const expires = created.kiosk.codeExpiresAt;
  return (
    <Stack gap="md">
      <Text size="sm">{t('kiosks.code.text', { name: created.kiosk.name, site: created.kiosk.siteName })}</Text>
      <Group gap="sm" wrap="nowrap">
        <Code fz="xl" fw={700} px="md" py="xs" dir="ltr" data-testid="enrolment-code" style={{ letterSpacing: '0.15em' }}>
          {code}
        </Code>
        <CopyButton value={code} timeout={2000}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
              {copied ? t('kiosks.code.copied') : t('kiosks.code.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <CopyLinkField label={t('kiosks.code.link')} link={enrolmentLink(code)} />
      <Text size="sm">
        {expires
          ? t('kiosks.code.validUntil', { hours: KIOSK_CODE_HOURS, when: formatDateTime(expires, currentLanguage(i18n)) })
          : t('kiosks.code.valid', { hours: KIOSK_CODE_HOURS })}
      </Text>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
        {t('kiosks.code.once')}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('kiosks.code.done')}</Button>
      </Group>
    </Stack>
  );
}
