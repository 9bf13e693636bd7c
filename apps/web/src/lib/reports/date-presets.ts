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
import { addDays, useBusinessTime } from '../business-time.ts';
import { useSearchParam } from '../url-state.ts';

export const DATE_PRESETS = ['yesterday', 'last2Days', 'last3Days', 'lastWeek', 'lastMonth'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DEFAULT_DATE_PRESET: DatePreset = 'lastWeek';
export const RANGE_PARAM = 'range';

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** Offsets from today of the first and the last day of each preset. */
const OFFSETS: Record<DatePreset, readonly [number, number]> = {
  yesterday: [-1, -1],
  last2Days: [-1, 0],
  last3Days: [-2, 0],
  lastWeek: [-6, 0],
  lastMonth: [-29, 0],
};

export function presetRange(preset: DatePreset, today: string): DateRange {
  const [first, last] = OFFSETS[preset];
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
