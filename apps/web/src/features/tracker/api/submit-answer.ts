// POST /services/workflow/api/v1/action-results (multipart) is sent by the outbox
// (lib/offline/outbox-entry.ts builds the form). What the tracker keeps here: the recording's
// file name, and the refresh of every schedule list, count and detail after a run of answers.
import { useQueryClient } from '@tanstack/react-query';
import { trackerKeys } from './tracker-keys.ts';

const VOICE_EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3' };

/** A recording's file name from its type ("audio/webm;codecs=opus" → voice.webm). */
export function voiceFileName(voice: Blob): string {
  const [type = ''] = voice.type.split(';');
  return `voice.${VOICE_EXTENSIONS[type.trim()] ?? 'webm'}`;
}

/**
 * After a run of answers: every schedule list, count and detail loads again, once for the run
 * rather than after each answer.
 */
export function useSchedulesRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trackerKeys.schedules });
}
