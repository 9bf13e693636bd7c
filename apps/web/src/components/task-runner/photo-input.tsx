// The answer of a photo action: the camera on a phone, a file elsewhere, with a thumbnail of
// the chosen picture. Only PNG, JPG and GIF under 10MB are taken (spec §5).
import { useState } from 'react';
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { translateMessage } from '../../lib/i18n/translate-message.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/gif'];

interface PhotoInputProps {
  file: File | null;
  onChange: (file: File | null) => void;
  labelId: string;
  disabled?: boolean;
}

/** Why a picked file cannot be used, as a specification text, or null when it can. */
export function photoProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return MSG.invalidFile;
  if (file.size > MAX_UPLOAD_BYTES) return MSG.fileTooLarge;
  return null;
}

export function PhotoInput({ file, onChange, labelId, disabled }: PhotoInputProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(file);

  const pick = (picked: File | null) => {
    if (!picked) return;
    const reason = photoProblem(picked);
    setProblem(reason);
    if (!reason) onChange(picked);
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      {preview ? <Image src={preview} alt={t('taskRunner.photo.thumbnail')} radius="md" w={160} h={120} fit="cover" /> : null}
      <Group gap="xs">
        <FileButton onChange={pick} accept={ACCEPTED.join(',')} capture="environment" disabled={disabled}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconCamera size={16} />} disabled={disabled}>
              {file ? t('taskRunner.photo.replace') : t('taskRunner.photo.take')}
            </Button>
          )}
        </FileButton>
        {file ? (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onChange(null)} disabled={disabled}>
            {t('taskRunner.photo.remove')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
        {problem ? translateMessage(problem) : t('taskRunner.photo.hint')}
      </Text>
    </Stack>
  );
}
