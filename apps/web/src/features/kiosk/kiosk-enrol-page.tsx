// /kiosk/enrol?code=…: the tablet becomes its site's kiosk with the one-time code an administrator
// made. The device token is kept under the kiosk's own key (lib/kiosk-session.ts).
import { type FormEvent } from 'react';
import { Button, Card, Center, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceTablet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOutletContext, useSearchParams } from 'react-router';
import { enrolKioskRequest } from '@fieldops/shared/kiosks';
import { FormAlert } from '../../components/form-alert.tsx';
import { useFormState } from '../../lib/form.ts';
import { saveKioskDevice, type KioskDevice } from '../../lib/kiosk-session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useEnrolKioskMutation } from './api/enrol-kiosk.ts';

export function KioskEnrolPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const onEnrolled = useOutletContext<(device: KioskDevice) => void>();
  const form = useFormState({ code: params.get('code')?.trim() ?? '' });
  const enrol = useEnrolKioskMutation();
  useDocumentTitle(t('kiosk.enrol.title'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(enrolKioskRequest, { code: form.values.code.trim().toUpperCase() });
    if (!body) return;
    enrol.mutate(body, {
      onSuccess: (device) => {
        saveKioskDevice(device);
        onEnrolled(device);
      },
      onError: form.showFieldErrors,
    });
  };

  return (
    <Center mih="100dvh" p="lg">
      <Card withBorder radius="lg" padding="xl" w="100%" maw={520} component="main">
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <Stack gap="xs" align="center" ta="center">
              <IconDeviceTablet size={48} aria-hidden />
              <Title order={1} fz="h2">
                {t('kiosk.enrol.title')}
              </Title>
              <Text>{t('kiosk.enrol.text')}</Text>
            </Stack>
            <FormAlert error={enrol.error} fallbackKey="unknownError" />
            <TextInput
              label={t('kiosk.enrol.code')}
              size="lg"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              withAsterisk={false}
              data-autofocus
              {...form.field('code')}
            />
            <Button type="submit" size="lg" loading={enrol.isPending} fullWidth>
              {t('kiosk.enrol.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
