import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n/i18n.ts';
import { renderRoutes } from '../../test/render.tsx';
import { FILES, makeReport, problem, stubServer } from './test/fixtures.ts';
import { SharedInspectionPage } from './shared-inspection-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const SHARED = '/api/shared/inspections/tok-abc';

const renderPage = (token: string) =>
  renderRoutes([{ path: '/shared/inspections/:token', element: <SharedInspectionPage /> }], { route: `/shared/inspections/${token}` });

describe('shared inspection page', () => {
  it('shows the report to a visitor who is not signed in, with its PDF and nothing else of the app', async () => {
    const calls = stubServer(({ path }) => (path === SHARED ? Response.json(makeReport()) : undefined));
    const { router } = renderPage('tok-abc');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen check' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shared/inspections/tok-abc');
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `${SHARED}/report.pdf?lang=en`);
    expect(screen.getByRole('link', { name: 'Photo for Photo of the damage' })).toHaveAttribute('href', FILES.photo);
    // No sign-in, no sidebar, no sending or sharing from here.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to the task' })).not.toBeInTheDocument();
    expect(calls.every((call) => !call.headers.has('Authorization'))).toBe(true);

    // The language switch turns the report and its PDF to Arabic.
    await userEvent.click(screen.getByText('العربية'));
    expect(await screen.findByRole('heading', { level: 1, name: 'فحص المطبخ' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('link', { name: 'تنزيل PDF' })).toHaveAttribute('href', `${SHARED}/report.pdf?lang=ar`);
  });

  it('says that an unknown, expired or revoked link does not work, in the visitor’s language', async () => {
    stubServer(() => problem(404, 'Not found'));
    const view = renderPage('tok-gone');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link does not work: it may have expired or been revoked.' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    view.unmount();

    await i18n.changeLanguage('ar');
    renderPage('tok-gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'هذا الرابط لا يعمل: ربما انتهت صلاحيته أو تم إبطاله.' })).toBeInTheDocument();
  });
});
