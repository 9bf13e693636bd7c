// The answer of a voice action: a recording made with the microphone through MediaRecorder,
// played back before it is kept. Browsers without recording get a short explanation instead.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff, IconPlayerStopFilled, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface VoiceRecorderProps {
  voice: Blob | null;
  onChange: (voice: Blob | null) => void;
  labelId: string;
  disabled?: boolean;
}

export function canRecordVoice(): boolean {
  return typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export function VoiceRecorder({ voice, onChange, labelId, disabled }: VoiceRecorderProps) {
  const { t } = useTranslation();
  const [recording, setRecording] = useState(false);
  const [refused, setRefused] = useState(false);
  const [playback, setPlayback] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);

  useEffect(() => {
    if (!voice) {
      setPlayback(null);
      return undefined;
    }
    const url = URL.createObjectURL(voice);
    setPlayback(url);
    return () => URL.revokeObjectURL(url);
  }, [voice]);

  // Leaving the screen while recording releases the microphone.
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((track) => track.stop()), []);

  if (!canRecordVoice()) {
    return (
      <Alert color="gray" icon={<IconMicrophoneOff size={18} />} role="group" aria-labelledby={labelId}>
        {t('taskRunner.voice.unavailable')}
      </Alert>
    );
  }

  const start = async () => {
    setRefused(false);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setRefused(true);
      return;
    }
    const chunks: Blob[] = [];
    const next = new MediaRecorder(stream);
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      setRecording(false);
      if (chunks.length > 0) onChange(new Blob(chunks, { type: next.mimeType || 'audio/webm' }));
    };
    recorder.current = next;
    next.start();
    setRecording(true);
  };

  const stop = () => recorder.current?.stop();

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      {playback && !recording ? <audio controls src={playback} aria-label={t('taskRunner.voice.playback')} style={{ maxWidth: '100%' }} /> : null}
      <Group gap="xs">
        {recording ? (
          <Button color="red" leftSection={<IconPlayerStopFilled size={16} />} onClick={stop}>
            {t('taskRunner.voice.stop')}
          </Button>
        ) : (
          <Button variant="light" leftSection={<IconMicrophone size={16} />} onClick={() => void start()} disabled={disabled}>
            {voice ? t('taskRunner.voice.again') : t('taskRunner.voice.record')}
          </Button>
        )}
        {voice && !recording ? (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onChange(null)} disabled={disabled}>
            {t('taskRunner.voice.remove')}
          </Button>
        ) : null}
      </Group>
      {recording ? (
        <Text size="xs" c="red" role="status">
          {t('taskRunner.voice.recording')}
        </Text>
      ) : null}
      {refused ? (
        <Text size="xs" c="red" role="alert">
          {t('taskRunner.voice.refused')}
        </Text>
      ) : null}
    </Stack>
  );
}
