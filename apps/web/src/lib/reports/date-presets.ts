// The report date filters (spec §2, §9): yesterday, last two days, last three days, last week,
// last month. Each is a range of whole calendar days of the business's time zone, both ends
// inclusive, as the report calls take them:
//   yesterday       [today-1, today-1]
//   last two days   [today-1, today]
//   last three days [today-2, today]
//   last week       [today-6, today]   (seven days, today included)
//   last month      [today-29, today]  (thirty days, today included)
// The choice is kept in the address as `?range=` (last week when absent).
import { useCallback } from 'react';
import { DATE_PRESET_OFFSETS, DEFAULT_DATE_PRESET, type DatePreset } from '@fieldops/shared/report-limits';
import { addDays, useBusinessTime } from '../business-time.ts';
import { useSearchParam } from '../url-state.ts';

export { DEFAULT_DATE_PRESET, type DatePreset };
/** In the order the menus list them. */
export const DATE_PRESETS = Object.keys(DATE_PRESET_OFFSETS) as DatePreset[];
export const RANGE_PARAM = 'range';

export interface DateRange {
  startDate: string;
  endDate: string;
}

export function presetRange(preset: DatePreset, today: string): DateRange {
  const [first, last] = DATE_PRESET_OFFSETS[preset];
  return { startDate: addDays(today, first), endDate: addDays(today, last) };
}

export function toDatePreset(value: string | null | undefined): DatePreset {
  return (DATE_PRESETS as readonly string[]).includes(value ?? '') ? (value as DatePreset) : DEFAULT_DATE_PRESET;
}

export interface DatePresetState {
  preset: DatePreset;
  range: DateRange;
  setPreset: (preset: DatePreset) => void;
}

/** The preset in the address and its dates, today being today in the business's zone. */
export function useDatePreset(): DatePresetState {
  const { today } = useBusinessTime();
  const [raw, setRaw] = useSearchParam(RANGE_PARAM);
  const preset = toDatePreset(raw);
  const setPreset = useCallback((next: DatePreset) => setRaw(next === DEFAULT_DATE_PRESET ? null : next), [setRaw]);
  return { preset, range: presetRange(preset, today()), setPreset };
}
