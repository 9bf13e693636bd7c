// A textarea that grows with what is typed, from `minRows` to `maxRows` lines, then scrolls.
// Where the browser sizes a field to its content itself (CSS `field-sizing: content`), it does so
// in its own layout pass. Mantine's autosize measures the text in a hidden copy after every render
// (a style read and a forced layout of the page each time), which on a slow phone made every
// keystroke and every tap in a long checklist wait for it; it stays only where the browser
// cannot do it. TypedTextarea keeps what is typed in the field until the member pauses or leaves it.
import { Textarea, type TextareaProps } from '@mantine/core';
import { useTypedValue } from './typed-value.ts';

interface GrowingTextareaProps extends Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'styles'> {
  minRows: number;
  maxRows: number;
}

const SIZES_ITSELF = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** The field's height for a number of lines: its lines, its padding and its border (box-sizing is border-box). */
const heightOf = (rows: number) => `calc(${rows} * 1lh + 2 * var(--input-padding-y, 0rem) + 2 * calc(0.0625rem * var(--mantine-scale)))`;

export function GrowingTextarea({ minRows, maxRows, ...props }: GrowingTextareaProps) {
  if (!SIZES_ITSELF) return <Textarea {...props} autosize minRows={minRows} maxRows={maxRows} />;
  return <Textarea {...props} rows={minRows} styles={{ input: { fieldSizing: 'content', minHeight: heightOf(minRows), maxHeight: heightOf(maxRows) } }} />;
}

interface TypedTextareaProps extends Omit<GrowingTextareaProps, 'value' | 'onChange'> {
  value: string;
  /** What was typed, once the member pauses or leaves the field (typed-value.ts). */
  onValueChange: (value: string) => void;
}

/** A growing textarea whose typing stays in the field until the member pauses or leaves it. */
export function TypedTextarea({ value, onValueChange, onBlur, ...props }: TypedTextareaProps) {
  const typed = useTypedValue(value, onValueChange);
  return (
    <GrowingTextarea
      {...props}
      value={typed.value}
      onChange={(event) => typed.change(event.currentTarget.value)}
      onBlur={(event) => {
        typed.flush();
        onBlur?.(event);
      }}
    />
  );
}
