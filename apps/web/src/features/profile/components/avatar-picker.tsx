// Avatar with a file picker and a preview of the chosen image (PNG, JPG or GIF under 10MB), or
// why the file chosen cannot be one (checked by the form, see pictureFileProblem).
import { useEffect, useMemo } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { IMAGE_ACCEPT } from '../../../lib/image-files.ts';
import { initialOf } from '../../../lib/localized.ts';

interface AvatarPickerProps {
  name: string;
  currentUrl: string | null;
  file: File | null;
  error?: string | null;
  onChange: (file: File | null) => void;
}

export function AvatarPicker({ name, currentUrl, file, error, onChange }: AvatarPickerProps) {
  const { t } = useTranslation();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <Stack align="center" gap="sm">
      <Avatar src={preview ?? currentUrl} alt={t('user.avatarAlt', { name })} size={112} radius={112} color="indigo">
        {initialOf(name)}
      </Avatar>
      <Group gap="xs" justify="center">
        <FileButton onChange={onChange} accept={IMAGE_ACCEPT}>
          {(props) => (
            <Button {...props} variant="light" size="xs" leftSection={<IconPhotoUp size={16} />}>
              {t('profile.chooseAvatar')}
            </Button>
          )}
        </FileButton>
        {file || error ? (
          <Button variant="subtle" color="gray" size="xs" leftSection={<IconX size={16} />} onClick={() => onChange(null)}>
            {t('profile.removeAvatar')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c={error ? 'red' : 'dimmed'} ta="center" role={error ? 'alert' : undefined}>
        {error ? translateMessage(error) : file ? file.name : t('profile.avatarHint')}
      </Text>
    </Stack>
  );
}
