// The answer of a photo action: the camera on a phone, a file elsewhere, with a thumbnail of
// the chosen picture. Only PNG, JPG and GIF under 10MB are taken (spec §5). An action set to
// camera only takes its photo from the page's live camera instead (camera-capture.tsx, loaded
// when first opened), and never offers a file or the gallery.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, FileButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PhotoSource } from '@fieldops/shared/photo-time';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { translateMessage } from '../../lib/i18n/translate-message.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';

const CameraCapture = lazy(() => import('./camera-capture.tsx').then((module) => ({ default: module.CameraCapture })));

const ACCEPTED = ['image/png', 'image/jpeg', 'image/gif'];

interface PhotoInputProps {
  file: File | null;
  /**
   * The photo, where it came from (the page's camera, or a file, which a phone may take with its own
   * camera), and when it was taken or picked (ISO).
   */
  onChange: (file: File | null, source: PhotoSource | null, pickedAt: string | null) => void;
  labelId: string;
  disabled?: boolean;
  /** Only the page's live camera may take the photo. */
  cameraOnly?: boolean;
}

/** Why a picked file cannot be used, as a specification text, or null when it can. */
export function photoProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return MSG.invalidFile;
  if (file.size > MAX_UPLOAD_BYTES) return MSG.fileTooLarge;
  return null;
}

export function PhotoInput({ file, onChange, labelId, disabled, cameraOnly = false }: PhotoInputProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  // Back from the camera, the keyboard lands on the camera button again (now "Retake photo").
  const cameraButton = useRef<HTMLButtonElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !cameraOpen) cameraButton.current?.focus();
    wasOpen.current = cameraOpen;
  }, [cameraOpen]);
  const preview = useObjectUrl(file);

  const pick = (picked: File | null) => {
    if (!picked) return;
    const reason = photoProblem(picked);
    setProblem(reason);
    if (!reason) onChange(picked, 'FILE', new Date().toISOString());
  };

  if (cameraOnly && cameraOpen && !disabled) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label={t('taskRunner.camera.loading')} />}>
        <CameraCapture
          labelId={labelId}
          onCapture={(taken) => {
            setCameraOpen(false);
            onChange(taken, 'CAMERA', new Date().toISOString());
          }}
          onCancel={() => setCameraOpen(false)}
        />
      </Suspense>
    );
  }

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      {preview ? <Image src={preview} alt={t('taskRunner.photo.thumbnail')} radius="md" w={160} h={120} fit="cover" /> : null}
      <Group gap="xs">
        {cameraOnly ? (
          <Button ref={cameraButton} variant="light" leftSection={<IconCamera size={16} />} onClick={() => setCameraOpen(true)} disabled={disabled}>
            {file ? t('taskRunner.camera.retake') : t('taskRunner.camera.open')}
          </Button>
        ) : (
          <FileButton onChange={pick} accept={ACCEPTED.join(',')} capture="environment" disabled={disabled}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconCamera size={16} />} disabled={disabled}>
                {file ? t('taskRunner.photo.replace') : t('taskRunner.photo.take')}
              </Button>
            )}
          </FileButton>
        )}
        {file ? (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onChange(null, null, null)} disabled={disabled}>
            {t('taskRunner.photo.remove')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
        {problem ? translateMessage(problem) : cameraOnly ? t('taskRunner.camera.hint') : t('taskRunner.photo.hint')}
      </Text>
    </Stack>
  );
}
