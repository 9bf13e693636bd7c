// Mantine theme: a font stack that covers Arabic (Noto Sans/Naskh Arabic) as well as Latin, and
// colours dark enough for text to meet WCAG AA contrast (4.5:1) on white: filled buttons and
// coloured text use shade 8 rather than Mantine's 6, and dimmed text a darker grey.
import { createTheme, type ComboboxProps, type CSSVariablesResolver, type MenuProps } from '@mantine/core';

export const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", ' +
  '"Noto Naskh Arabic", Tahoma, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // An open menu holds only its items (no placeholder element), and focus goes to the first one.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // A select's list is drawn when it opens, not kept hidden in the page: a closed list would be
    // laid out and positioned on every page that shows a select, before anything else is drawn.
    Combobox: { defaultProps: { keepMounted: false } satisfies Partial<ComboboxProps> },
  },
});

/**
 * Text of the light variant (badges, alerts, light buttons) is Mantine's shade 9 on shade 1, and
 * filled colours carry white text: for these colours either gives less than 4.5:1, so both use a
 * darker tone that gives at least 4.8:1 on the tint and 5.3:1 under white text.
 */
/** The theme's one red for text: 6.4:1 on white. */
const RED_TEXT = '#b52525';

export const ACCESSIBLE_TONES: Record<string, string> = {
  red: RED_TEXT,
  blue: '#1864ab',
  cyan: '#0a6f82',
  teal: '#077755',
  green: '#247635',
  lime: '#49760a',
  yellow: '#a55500',
  orange: '#b63c0c',
};

const toneVariables = Object.fromEntries(
  Object.entries(ACCESSIBLE_TONES).flatMap(([colour, tone]) => [
    [`--mantine-color-${colour}-light-color`, tone],
    [`--mantine-color-${colour}-filled`, tone],
    [`--mantine-color-${colour}-text`, tone],
  ]),
);

/**
 * Mantine writes some red text in its shade 6 (#fa5252, 3.3:1 on white) rather than through the
 * text variable above: a menu item of a colour (Delete, Logout), and the error colour of fields,
 * their messages and required stars. In the light scheme that shade is the accessible red, so
 * every red text is 4.5:1 or more, whichever component draws it.
 */
const redTextVariables = {
  '--mantine-color-red-6': RED_TEXT,
  '--mantine-color-error': RED_TEXT,
};

/**
 * Mantine's dimmed grey (#868e96) gives 3.3:1 on white; this one gives 6:1. Its placeholder grey
 * (#adb5bd, 2.1:1) is darkened to 4.7:1: a placeholder can be the only text of an empty field.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#6c737a', ...toneVariables, ...redTextVariables },
  dark: {},
});
