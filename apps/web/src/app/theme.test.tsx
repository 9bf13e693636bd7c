// The theme's red for text: wherever the interface library writes red text (a menu item of that
// colour such as Delete or Logout, a field's error), it reads at least 4.5:1 on white.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_THEME, Menu, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { renderWithProviders } from '../test/render.tsx';
import { ACCESSIBLE_TONES, cssVariablesResolver, theme } from './theme.ts';

const fullTheme: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const light: Record<string, string> = cssVariablesResolver(fullTheme).light;

/** The colour a `var(--mantine-color-…)` reads in the light scheme: the theme's own, else Mantine's palette. */
function resolve(value: string): string {
  const name = /^var\((--[\w-]+)\)$/.exec(value.trim())?.[1];
  if (!name) return value;
  if (light[name]) return resolve(light[name]);
  const shade = /^--mantine-color-(\w+)-(\d)$/.exec(name);
  if (shade) return fullTheme.colors[shade[1]]![Number(shade[2])]!;
  if (name === '--mantine-color-error') return resolve('var(--mantine-color-red-6)');
  throw new Error(`unknown colour ${value}`);
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return (light! + 0.05) / (dark! + 0.05);
};
const onWhite = (hex: string) => contrast(hex, '#ffffff');

describe('red text', () => {
  it('of a red menu item (Delete, Logout) reads at least 4.5:1 on white', () => {
    renderWithProviders(
      <Menu opened>
        <Menu.Target>
          <button type="button">More</button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item color="red">Delete</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    const colour = screen.getByRole('menuitem', { name: 'Delete' }).style.getPropertyValue('--menu-item-color');
    expect(colour).toMatch(/^var\(/);
    expect(onWhite(resolve(colour))).toBeGreaterThanOrEqual(4.5);
  });

  it("of a field's error reads at least 4.5:1 on white, in the one red of the theme", () => {
    expect(onWhite(resolve('var(--mantine-color-error)'))).toBeGreaterThanOrEqual(4.5);
    expect(resolve('var(--mantine-color-error)')).toBe(ACCESSIBLE_TONES.red);
    expect(resolve('var(--mantine-color-red-text)')).toBe(ACCESSIBLE_TONES.red);
  });

  it('of every coloured text the app writes reads at least 4.5:1 on white and on its own tint', () => {
    for (const colour of ['red', 'blue', 'orange', 'teal', 'yellow', 'green', 'cyan', 'lime']) {
      const text = resolve(`var(--mantine-color-${colour}-text)`);
      const tint = fullTheme.colors[colour]![1]!;
      expect(onWhite(text), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, tint), `${colour} on its tint`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
