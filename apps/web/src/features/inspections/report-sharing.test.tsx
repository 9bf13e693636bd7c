import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n/i18n.ts';
import { SessionContext } from '../../lib/session/session-context.ts';
import { renderRoutes } from '../../test/render.tsx';
import { fakeSession } from '../../test/session.tsx';
import { WORKFLOW, makeReport, makeShare, problem, stubServer, type ServerCall } from './test/fixtures.ts';
import { InspectionReportPage } from './inspection-report-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const REPORT = `${WORKFLOW}/schedules/40/inspection/report`;
const MAIL = `${WORKFLOW}/schedules/40/inspection/mail`;
const SHARES = `${WORKFLOW}/schedules/40/inspection/shares`;

function renderPage() {
  return renderRoutes(
    [
      {
        path: '/schedules/:scheduleId/report',
        element: (
          <SessionContext.Provider value={fakeSession()}>
            <InspectionReportPage />
          </SessionContext.Provider>
        ),
      },
    ],
    { route: '/schedules/40/report' },
  );
}

/** The report, and whatever else `answer` gives. */
const serve = (answer: (call: ServerCall) => Response | undefined = () => undefined) =>
  stubServer((call) => (call.method === 'GET' && call.path === REPORT ? Response.json(makeReport()) : answer(call)));

describe('e-mailing the report', () => {
  it('sends the report to every address given, the one still being typed too, in the language chosen', async () => {
    const calls = serve((call) => (call.path === MAIL ? new Response(null, { status: 202 }) : undefined));
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'E-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail the report' });
    const addresses = within(dialog).getByRole('combobox', { name: 'E-mail addresses' });
    await user.type(addresses, 'nadia@example.com{enter}omar@example.com');
    // The screen's language unless another is chosen.
    const language = within(dialog).getByRole('combobox', { name: 'Language of the report' });
    expect(language).toHaveValue('English');
    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'العربية' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'E-mail the report' })).not.toBeInTheDocument());
    const sent = calls.filter((call) => call.path === MAIL);
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].body).toEqual({ to: ['nadia@example.com', 'omar@example.com'], language: 'ar' });
    // One key for this intent: a retry of the same send is done once by the server.
    expect(sent[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps the dialog open with the server's words when it refuses", async () => {
    const calls = serve((call) => (call.path === MAIL ? problem(400, 'The report can be sent to 10 addresses at most') : undefined));
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'E-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail the report' });
    await user.type(within(dialog).getByRole('combobox', { name: 'E-mail addresses' }), 'nadia@example.com{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The report can be sent to 10 addresses at most');
    expect(screen.getByRole('dialog', { name: 'E-mail the report' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === MAIL)).toHaveLength(1);
  });

  it('asks for an address, and a valid one, before sending anything', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'E-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail the report' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: 'E-mail addresses' }), 'not-an-address{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Email is invalid')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === MAIL)).toHaveLength(0);
  });
});

describe('share links', () => {
  it('creates a link for the days chosen and shows its address once, to copy', async () => {
    let shares = [makeShare(1, { revokedAt: '2026-03-16T08:00:00.000Z' })];
    const calls = serve((call) => {
      if (call.path !== SHARES) return undefined;
      if (call.method === 'GET') return Response.json(shares);
      const created = { ...makeShare(2, { createdAt: new Date().toISOString() }), url: '/shared/inspections/tok-abc' };
      shares = [...shares, created];
      return Response.json(created, { status: 201 });
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Share link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share links' });
    const list = await within(dialog).findByRole('list', { name: 'Links to this report' });
    expect(within(list).getByText('Revoked')).toBeInTheDocument();
    // A revoked link cannot be revoked again.
    expect(within(list).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    const days = within(dialog).getByRole('textbox', { name: 'Days the link works' });
    expect(days).toHaveValue('30');
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByRole('textbox', { name: 'New link' });
    expect(link).toHaveValue('http://localhost:3000/shared/inspections/tok-abc');
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(dialog).getByText(/shown only this once/)).toBeInTheDocument();
    const posts = calls.filter((call) => call.path === SHARES && call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([{ days: 7 }]);
    expect(posts[0].headers.get('Idempotency-Key')).toBeTruthy();
    // The list is read again and holds the new, live link.
    expect(await within(list).findByText('Live')).toBeInTheDocument();
  });

  it('refuses days outside 1 to 365 without asking the server', async () => {
    const calls = serve((call) => (call.path === SHARES ? Response.json([]) : undefined));
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Share link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share links' });
    expect(await within(dialog).findByText('No links have been made yet.')).toBeInTheDocument();
    const days = within(dialog).getByRole('textbox', { name: 'Days the link works' });
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('This must be at most 365')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('revokes a live link once asked to confirm', async () => {
    let shares = [makeShare(5)];
    const calls = serve((call) => {
      if (call.path === SHARES && call.method === 'GET') return Response.json(shares);
      if (call.path === `${WORKFLOW}/inspection-shares/5` && call.method === 'DELETE') {
        shares = [makeShare(5, { revokedAt: new Date().toISOString() })];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Share link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share links' });
    await user.click(await within(dialog).findByRole('button', { name: /^Revoke the link created/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    expect(within(confirm).getByText('The link stops working at once for everyone who has it.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    const back = await screen.findByRole('dialog', { name: 'Share links' });
    expect(await within(back).findByText('Revoked')).toBeInTheDocument();
    expect(within(back).queryByRole('button', { name: /^Revoke the link created/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`${WORKFLOW}/inspection-shares/5`]);
  });
});
