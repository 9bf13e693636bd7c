// The live camera of a camera-only photo action: the page asks for the back camera
// (getUserMedia, facingMode environment), shows its preview and takes a JPEG from a canvas when
// the member presses "Take photo". Nothing is picked from files or the gallery. The stream stops
// once the photo is taken, when the member cancels and when the component leaves the page.
// Loaded on demand (photo-input.tsx), so the runner's own code stays light.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Where the camera stands: asking the browser, showing the preview, taking the frame, or why it cannot be used. */
export type CameraState = 'asking' | 'live' | 'capturing' | 'refused' | 'unavailable';

/** The state a getUserMedia failure leaves: refused by the member or the browser, or no usable camera. */
export function cameraFailure(error: unknown): CameraState {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'unavailable';
}

const QUALITY = 0.9;

interface CameraCaptureProps {
  /** The photo taken; the camera has stopped by then. */
  onCapture: (file: File) => void;
  onCancel: () => void;
  labelId: string;
}

export function CameraCapture({ onCapture, onCancel, labelId }: CameraCaptureProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<CameraState>('asking');
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const takeButton = useRef<HTMLButtonElement | null>(null);

  // Each request for the camera has its number: a stream that arrives after the component left,
  // or after a newer request, is stopped at once rather than left running.
  const request = useRef(0);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const start = useCallback(async () => {
    const mine = ++request.current;
    setState('asking');
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      setState('unavailable');
      return;
    }
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      if (mine !== request.current) {
        media.getTracks().forEach((track) => track.stop());
        return;
      }
      stop();
      stream.current = media;
      setState('live');
    } catch (error) {
      if (mine === request.current) setState(cameraFailure(error));
    }
  }, [stop]);

  useEffect(() => {
    void start();
    return () => {
      request.current += 1;
      stop();
    };
  }, [start, stop]);

  // The preview shows the stream once both are there; the shutter button takes the focus.
  useEffect(() => {
    if (state !== 'live') return;
    const element = video.current;
    if (element && stream.current && element.srcObject !== stream.current) {
      element.srcObject = stream.current;
      // A preview that will not play (autoplay rules, a test page) still lets the member retry or close.
      void Promise.resolve()
        .then(() => element.play())
        .catch(() => undefined);
    }
    takeButton.current?.focus();
  }, [state]);

  const take = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    setState('capturing');
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) {
          setState('live');
          return;
        }
        stop();
        onCapture(new File([blob], `camera-${Date.now()}.jpg`, { type: 'image/jpeg', lastModified: Date.now() }));
      },
      'image/jpeg',
      QUALITY,
    );
  };

  const cancel = () => {
    stop();
    onCancel();
  };

  const failed = state === 'refused' || state === 'unavailable';
  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      {failed ? (
        <Alert color="orange" icon={<IconCameraOff size={18} />} title={t(`taskRunner.camera.${state}Title`)}>
          {t(`taskRunner.camera.${state}`)}
        </Alert>
      ) : (
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          aria-label={t('taskRunner.camera.preview')}
          w="100%"
          maw={480}
          style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-dark-9)', aspectRatio: '4 / 3', objectFit: 'cover' }}
        />
      )}
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {state === 'asking' ? t('taskRunner.camera.asking') : state === 'capturing' ? t('taskRunner.camera.capturing') : ''}
      </Text>
      <Group gap="xs">
        {failed ? (
          <Button variant="light" leftSection={<IconCamera size={16} />} onClick={() => void start()}>
            {t('taskRunner.camera.tryAgain')}
          </Button>
        ) : (
          <Button ref={takeButton} leftSection={<IconCamera size={16} />} onClick={take} disabled={state !== 'live'} loading={state === 'capturing'}>
            {t('taskRunner.camera.take')}
          </Button>
        )}
        <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={cancel}>
          {t('taskRunner.camera.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
