// List state kept in the address (page, search, filters), so a link or a reload shows the same
// view. Pages are 1-based in the address and 0-based for the API.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useSearchParam(name: string): [string, (value: string | null, resetPage?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const setValue = useCallback(
    (next: string | null, resetPage = true) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(name, next);
          else updated.delete(name);
          if (resetPage && name !== 'page') updated.delete('page');
          return updated;
        },
        { replace: true },
      );
    },
    [name, setParams],
  );
  return [value, setValue];
}

/** The 0-based page of a list whose 1-based number is in `?page=`. */
export function usePageParam(): [number, (page: number) => void] {
  const [raw, setRaw] = useSearchParam('page');
  const number = Number.parseInt(raw, 10);
  const page = Number.isFinite(number) && number > 1 ? number - 1 : 0;
  const setPage = useCallback((next: number) => setRaw(next > 0 ? String(next + 1) : null), [setRaw]);
  return [page, setPage];
}

/** Ids from a comma list such as `?sites=3,4`. */
export function parseIds(value: string): number[] {
  return value
    .split(',')
    .map((part) => Number.parseInt(part, 10))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** A flag such as `?new=1` (the shell's quick actions open create dialogs with it). */
export function useFlagParam(name: string): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const on = params.get(name) === '1';
  const clear = useCallback(() => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  }, [name, setParams]);
  return [on, clear];
}
