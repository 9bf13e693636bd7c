// The 0-based page of one of several lists on a screen, kept 1-based in the address under its
// own name (e.g. ?flaggedPage=2), so each list pages on its own.
import { useCallback } from 'react';
import { useSearchParam } from '../../../lib/url-state.ts';

export function useNamedPage(name: string): [number, (page: number) => void] {
  const [raw, setRaw] = useSearchParam(name);
  const number = Number.parseInt(raw, 10);
  const page = Number.isFinite(number) && number > 1 ? number - 1 : 0;
  const setPage = useCallback((next: number) => setRaw(next > 0 ? String(next + 1) : null, false), [setRaw]);
  return [page, setPage];
}
