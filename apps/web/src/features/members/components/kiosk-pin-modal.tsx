// An administrator's "Set kiosk PIN": 4 to 6 digits the member signs in with on their site's
// shared tablet. The server's refusal shows under the field or above the form.
import { type FormEvent } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceTablet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@fieldops/shared/account';
import { kioskPinRequest } from '@fieldops/shared/kiosks';
import { MSG } from '@fieldops/shared/messages';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useFormState } from '../../../lib/form.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSetKioskPinMutation } from '../api/set-kiosk-pin.ts';

export function KioskPinModal({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={member !== null} onClose={onClose} title={t('kiosks.pin.title')} centered>
      {member ? <KioskPinForm member={member} onClose={onClose} /> : null}
    </Modal>
  );
}

function KioskPinForm({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useFormState({ pin: '' });
  const save = useSetKioskPinMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(kioskPinRequest, { pin: form.values.pin.trim() });
    if (!body) return;
    save.mutate(
      { userId: member.userId, body },
      {
        onSuccess: () => {
          notifySuccess(translateMessage(MSG.kioskPinSaved));
          onClose();
        },
        onError: form.showFieldErrors,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('kiosks.pin.text', { name: member.fullName || member.username })}</Text>
        <FormAlert error={save.error} fallbackKey="unknownError" />
        <TextInput
          label={t('kiosks.pin.label')}
          description={t('kiosks.pin.hint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          required
          data-autofocus
          {...form.field('pin')}
        />
        <FormActions submitLabel={t('kiosks.pin.submit')} pending={save.isPending} onCancel={onClose} icon={<IconDeviceTablet size={16} />} />
      </Stack>
    </form>
  );
}
