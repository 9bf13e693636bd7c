import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../lib/i18n/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { stubFetch } from '../test/session.tsx';
import { LanguageSwitch } from './language-switch.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function stubServer() {
  const { calls, fetchMock } = stubFetch(({ method, path }) =>
    method === 'PUT' && path === '/api/v1/account/language' ? new Response(null, { status: 204 }) : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('language switch', () => {
  it('tells the server the language a signed-in person chose, for their e-mails and pushes', async () => {
    localStorage.setItem('id_token', 'tok');
    const calls = stubServer();
    renderWithProviders(<LanguageSwitch />);

    await userEvent.click(screen.getByRole('radio', { name: 'العربية' }));

    await vi.waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    await vi.waitFor(() => expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([['PUT', '/api/v1/account/language', { language: 'ar' }]]));
  });

  it('tells nobody when no one is signed in', async () => {
    const calls = stubServer();
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('radio', { name: 'العربية' }));
    await vi.waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'ar'));
    expect(calls).toEqual([]);
  });
});
