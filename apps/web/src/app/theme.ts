// Mantine theme: a font stack that covers Arabic (Noto Sans/Naskh Arabic) as well as Latin.
import { createTheme } from '@mantine/core';

export const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", ' +
  '"Noto Naskh Arabic", Tahoma, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  cursorType: 'pointer',
});
