// The business logo: the current one (or the initial on the business colour) and an upload
// button. The file is checked here first (PNG, JPG or GIF under 10MB), then uploaded at once.
import { useState } from 'react';
import { Avatar, Button, FileButton, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Business } from '@fieldops/shared/account';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { initialOf } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUploadLogoMutation } from '../api/upload-logo.ts';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

/** The English error text for an unacceptable logo file, or null. */
export function logoProblem(file: File): string | null {
  if (!LOGO_TYPES.includes(file.type)) return MSG.invalidFile;
  if (file.size > MAX_UPLOAD_BYTES) return MSG.fileTooLarge;
  return null;
}

export function LogoUploader({ business, readOnly }: { business: Business; readOnly: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadLogoMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    const found = logoProblem(file);
    setProblem(found);
    if (found) return;
    upload.mutate(
      { businessId: business.id, file },
      {
        onSuccess: () => notifySuccess(t('business.profile.logoSaved')),
        onError: (error) => notifyError(errorMessage(error, 'uploadProfileFailed')),
      },
    );
  };

  return (
    <Stack align="center" gap="sm">
      <Avatar
        src={business.logo || null}
        alt={t('business.logoAlt', { name: business.name })}
        color={business.colour || 'indigo'}
        variant="filled"
        radius="lg"
        size={112}
      >
        <Text fz={44} fw={700} c="white">
          {initialOf(business.name)}
        </Text>
      </Avatar>
      {readOnly ? null : (
        <FileButton onChange={choose} accept={LOGO_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={upload.isPending} leftSection={<IconPhotoUp size={16} />}>
              {t('business.profile.uploadLogo')}
            </Button>
          )}
        </FileButton>
      )}
      <Text size="xs" c={problem ? 'red' : 'dimmed'} ta="center" role={problem ? 'alert' : undefined}>
        {problem ? translateMessage(problem) : t('business.profile.logoHint')}
      </Text>
    </Stack>
  );
}
