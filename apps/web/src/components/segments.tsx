// A small set of choices shown side by side (language, date range, best or worst): a radio group
// whose labels are the segments. Mantine's SegmentedControl measures the page to slide its
// indicator, which costs a layout per control while a page opens; this one is styles only.
import { useId, type CSSProperties, type ReactNode } from 'react';
import classes from './segments.module.css';

export interface SegmentsItem<T extends string> {
  value: T;
  label: ReactNode;
}

interface SegmentsProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: readonly SegmentsItem<T>[];
  size?: 'xs' | 'sm';
  /** Fully rounded ends (the language switch) rather than the theme's corners. */
  round?: boolean;
  style?: CSSProperties;
}

const SIZES = {
  xs: { '--segments-fz': 'var(--mantine-font-size-xs)', '--segments-padding': '2px 8px' },
  sm: { '--segments-fz': 'var(--mantine-font-size-sm)', '--segments-padding': '4px 10px' },
} as const;

export function Segments<T extends string>({ label, value, onChange, data, size = 'sm', round = false, style: outer }: SegmentsProps<T>) {
  const name = useId();
  const style = { ...SIZES[size], ...(round ? { '--segments-radius': '999px' } : {}), ...outer };
  return (
    <div role="radiogroup" aria-label={label} className={classes.root} style={style}>
      {data.map((item) => {
        const checked = item.value === value;
        return (
          <label key={item.value} className={classes.segment} data-checked={checked || undefined}>
            <input type="radio" className={classes.input} name={name} value={item.value} checked={checked} onChange={() => onChange(item.value)} />
            {item.label}
          </label>
        );
      })}
    </div>
  );
}
