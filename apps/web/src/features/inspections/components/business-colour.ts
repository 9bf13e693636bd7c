// The business's colour on the report's cover. It always draws the band at the top; it colours the
// business's name only when that text stays readable on white (WCAG AA, 4.5:1), so a pale brand
// colour never costs the name its contrast.
import { luminance } from '@mantine/core';

const HEX = /^#[0-9a-f]{6}$/i;
const WHITE = 1;
const AA_TEXT = 4.5;

/** The colour when it is one (`#1c7ed6`), else null. */
export const brandColour = (colour: string | null | undefined): string | null => (colour && HEX.test(colour) ? colour : null);

/** The contrast ratio of a colour against white, from 1 to 21. */
export const contrastOnWhite = (colour: string) => (WHITE + 0.05) / (luminance(colour) + 0.05);

/** The colour for text on white: the brand's own when it is dark enough, else none (the theme's text colour). */
export function readableOnWhite(colour: string | null | undefined): string | undefined {
  const brand = brandColour(colour);
  return brand && contrastOnWhite(brand) >= AA_TEXT ? brand : undefined;
}
