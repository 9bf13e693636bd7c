// The business logo: the current one (or the initial on the business colour) and an upload
// button. The file is checked here first (a PNG, JPG or GIF by its content, under 10MB), then
// uploaded at once.
import { useState } from 'react';
import { Avatar, Button, FileButton, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Business } from '@fieldops/shared/account';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { IMAGE_ACCEPT, pictureFileProblem } from '../../../lib/image-files.ts';
import { initialOf } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUploadLogoMutation } from '../api/upload-logo.ts';

export function LogoUploader({ business, readOnly }: { business: Business; readOnly: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadLogoMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    const found = await pictureFileProblem(file);
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
        <FileButton onChange={(file) => void choose(file)} accept={IMAGE_ACCEPT}>
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
