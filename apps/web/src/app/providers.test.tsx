// What the providers give every screen: date fields that read day, month, year in both languages.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Drawer, Modal, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { ensureLanguage, i18n } from '../lib/i18n/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('date fields', () => {
  it.each([
    ['en', '23 November 2026'],
    ['ar', '23 نوفمبر 2026'],
  ] as const)('write a picked date as day, month, year in %s', async (language, text) => {
    await ensureLanguage(language);
    await i18n.changeLanguage(language);
    renderWithProviders(<DatePickerInput label="Day" value="2026-11-23" onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Day' })).toHaveTextContent(text);
  });
});

describe('text fields', () => {
  it('take the direction of what is typed, in an Arabic screen too', async () => {
    await ensureLanguage('ar');
    await i18n.changeLanguage('ar');
    renderWithProviders(
      <>
        <TextInput label="Title" />
        <Textarea label="Notes" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('dir', 'auto');
  });
});

describe('dialogs and drawers', () => {
  it.each([
    ['en', 'Close'],
    ['ar', 'إغلاق'],
  ] as const)('name their close button in %s', async (language, close) => {
    await ensureLanguage(language);
    await i18n.changeLanguage(language);
    renderWithProviders(
      <>
        <Modal opened onClose={() => undefined} title="A dialog">
          Text
        </Modal>
        <Drawer opened onClose={() => undefined} title="A drawer">
          Text
        </Drawer>
      </>,
    );
    expect(await screen.findAllByRole('button', { name: close })).toHaveLength(2);
  });
});
