// Only same-app paths are followed after sign-in (no open redirects).
import { paths } from './paths.ts';

export function safeRedirect(target: string | null | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : paths.home;
}
