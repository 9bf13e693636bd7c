// What a page drawn on the server carries (app/first-screen.ts puts it in the cache). Kept apart
// and light (only types from the pages' modules): the entry reads it on every page, and the
// cache's code comes only with a drawn page.
import { FIRST_SCREEN } from '@fieldops/shared/limits';
import type { DashboardReport } from '@fieldops/shared/reports';
import type { SessionBootstrap } from '@fieldops/shared/session';
import type { BoardAnswers } from '../features/tickets/api/board-answers.ts';
import type { Language } from '../lib/i18n/language.ts';

export interface FirstScreen {
  /** The page drawn: `/` (the dashboard) or `/tickets` (the ticket board); `/` when not said. */
  path?: string;
  language: Language;
  session: SessionBootstrap;
  /** On `/`: the dashboard's call with the default filters, and its answer. */
  dashboard?: { url: string; report: DashboardReport };
  /** On `/tickets`: the board's first page of each column and its counters, without filters. */
  board?: BoardAnswers;
}

/**
 * The screen the server draws for: a phone's, narrower than the smallest width the first screen
 * asks about (the date presets' 36em); there every width asked about is not reached, which is
 * what the server answers. A wider screen draws the page itself.
 */
export const FIRST_SCREEN_NARROWER_THAN = '36em';

let drawnPath: string | null = null;

/**
 * The address of the page being drawn on the server, or being taken over from the server's
 * drawing in the browser; null otherwise. The shell draws such a page without a loading boundary
 * around it (app/shell/app-layout.tsx), on both sides, so the markup matches.
 */
export const firstScreenPath = (): string | null => drawnPath;
export function setFirstScreenPath(path: string | null): void {
  drawnPath = path;
}

/** The answers a server-drawn page carries, taken once (the element leaves the page). */
export function takeFirstScreen(): FirstScreen | null {
  const element = document.getElementById(FIRST_SCREEN.answers);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as FirstScreen;
  } catch {
    return null;
  }
}
