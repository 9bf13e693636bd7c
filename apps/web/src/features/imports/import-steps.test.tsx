import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_MAX_BYTES } from '@fieldops/shared/imports';
import { MSG } from '@fieldops/shared/messages';
import { fakeSession, list, problem } from '../../test/session.tsx';
import { makeRow, makeSummary } from './test/fixtures.ts';
import { renderImports, stubKeyedFetch } from './test/render-imports.ts';

afterEach(() => vi.unstubAllGlobals());

const done = makeSummary({ status: 'DONE', doneRows: 200, outcomes: { created: 196, updated: 0, skipped: 3, failed: 1 }, finishedAt: '2025-03-02T09:05:00Z' });
const doneRows = [
  makeRow(2, { name: 'Omar Haddad', email: 'omar@example.com' }, { outcome: 'CREATED', resultId: 40 }),
  makeRow(
    3,
    { name: 'Lina Mansour', email: 'lina@' },
    { outcome: 'SKIPPED', outcomeMessage: MSG.importRowProblem, problems: [{ field: 'email', message: MSG.emailInvalid }] },
  ),
];

/** Saves of files through a temporary link, by the name given. */
function catchSaves() {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

const xlsx = (name: string) =>
  new Response('PK', {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });

describe('import steps', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes a file, says why the server refused it, and opens the preview of a file it reads', async () => {
    let refuse = true;
    const { calls, fetchMock } = stubKeyedFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/imports') return Response.json([]);
      if (method === 'POST' && path === '/api/v1/imports') {
        if (refuse) return problem(400, MSG.importFileType);
        return Response.json(makeSummary(), { status: 201 });
      }
      if (path === '/api/v1/imports/5') return Response.json(makeSummary());
      if (path === '/api/v1/imports/5/rows') return list([]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router, container } = renderImports('/imports?kind=MEMBERS');
    expect(await screen.findByText('No imports yet')).toBeInTheDocument();
    expect(screen.getByText(/CSV or Excel \(\.xlsx\), up to 10 MB and 20,000 rows/)).toBeInTheDocument();
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;

    // Named as a workbook, but not one: the server reads the content.
    await user.upload(input, new File(['not a workbook'], 'notes.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.importFileType);
    const uploads = calls.filter((call) => call.method === 'POST');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.search.get('kind')).toBe('MEMBERS');
    expect(uploads[0]!.body).toBeInstanceOf(FormData);
    expect(((uploads[0]!.body as FormData).get('file') as File).name).toBe('notes.xlsx');
    expect(uploads[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);

    refuse = false;
    await user.upload(input, new File(['Name,Email\nOmar,omar@example.com'], 'crew.csv', { type: 'text/csv' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/imports/5'));
    expect(await screen.findByRole('heading', { name: 'Check the rows of crew.csv' })).toBeInTheDocument();
  });

  it('takes a file dropped on it', async () => {
    const { calls, fetchMock } = stubKeyedFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/imports') return Response.json([]);
      if (method === 'POST' && path === '/api/v1/imports') return Response.json(makeSummary({ kind: 'SITES' }), { status: 201 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderImports('/imports?kind=SITES');
    await screen.findByText('No imports yet');
    const zone = screen.getByTestId('import-drop-zone');
    const file = new File(['Name,Project\nTower C,Riyadh'], 'sites.csv', { type: 'text/csv' });
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    expect(zone).toHaveTextContent('Drop the file to upload it');
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/imports/5'));
    const upload = calls.find((call) => call.method === 'POST')!;
    expect(upload.search.get('kind')).toBe('SITES');
    expect(((upload.body as FormData).get('file') as File).name).toBe('sites.csv');
  });

  it('refuses a file over the size limit without sending it', async () => {
    const { calls, fetchMock } = stubKeyedFetch(({ path }) => (path === '/api/v1/imports' ? Response.json([]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { container } = renderImports('/imports');
    await screen.findByText('No imports yet');
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array(IMPORT_MAX_BYTES + 1)], 'huge.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.importTooLarge);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('downloads the template of the chosen kind in the chosen language, and lists recent imports', async () => {
    const saved = catchSaves();
    const { calls, fetchMock } = stubKeyedFetch(({ path }) => {
      if (path === '/api/v1/imports') return Response.json([done]);
      if (path === '/api/v1/imports/template') return xlsx('sites-template-ar.xlsx');
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderImports('/imports');
    expect(await screen.findByRole('link', { name: 'crew.csv' })).toHaveAttribute('href', '/imports/5');
    expect(within(screen.getByRole('table', { name: 'Recent imports, newest first' })).getByText('Done')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Members' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Sites' }));
    expect(router.state.location.search).toBe('?kind=SITES');
    await user.click(screen.getByRole('button', { name: 'Template in Arabic' }));
    await vi.waitFor(() => expect(saved).toEqual(['sites-template-ar.xlsx']));
    const template = calls.find((call) => call.path === '/api/v1/imports/template')!;
    expect(Object.fromEntries(template.search)).toEqual({ kind: 'SITES', language: 'ar' });
  });

  it('shows the progress while the import runs, polling until it is done', async () => {
    let reads = 0;
    const { calls, fetchMock } = stubKeyedFetch(({ path }) => {
      if (path === '/api/v1/imports/5') {
        reads += 1;
        return Response.json(reads === 1 ? makeSummary({ status: 'RUNNING', doneRows: 50 }) : done);
      }
      if (path === '/api/v1/imports/5/rows') return list(doneRows, 200);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderImports('/imports/5');
    const bar = await screen.findByRole('progressbar', { name: 'Rows imported' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuemax', '200');
    expect(bar).toHaveAttribute('aria-valuetext', '50 of 200 rows');
    expect(screen.getByText('Importing')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'crew.csv is imported' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/imports/5')).toHaveLength(2);
    const outcomes = screen.getByRole('group', { name: 'What happened to each row' });
    expect(within(outcomes).getByTestId('figure-created')).toHaveTextContent('Created196');
    expect(within(outcomes).getByTestId('figure-skipped')).toHaveTextContent('Skipped3');
    expect(within(outcomes).getByTestId('figure-failed')).toHaveTextContent('Failed1');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The rows, read only, with their outcomes.
    const table = await screen.findByRole('table', { name: 'Rows of crew.csv' });
    expect(within(table).getByText(MSG.importRowProblem)).toBeInTheDocument();
    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Omar Haddad' })).toHaveAttribute('href', '/members/40');
    // Its scroll area is reached by the keyboard, even on a page of rows that link nowhere.
    expect(screen.getByRole('region', { name: 'Rows of crew.csv' })).toHaveAttribute('tabindex', '0');
  });

  it('downloads the result and prints the cards of the members it created, saying when none is waiting', async () => {
    const saved = catchSaves();
    let pending = true;
    const { calls, fetchMock } = stubKeyedFetch(({ method, path }) => {
      if (path === '/api/v1/imports/5') return Response.json(done);
      if (path === '/api/v1/imports/5/rows') return list(doneRows, 200);
      if (path === '/api/v1/imports/5/result') return xlsx('crew-result.xlsx');
      if (method === 'POST' && path === '/api/v1/users/activation-cards') {
        if (!pending) return problem(404, MSG.noPendingAccounts);
        pending = false;
        return new Response('%PDF-1.7', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="activation-cards.pdf"' },
        });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderImports('/imports/5');
    await user.click(await screen.findByRole('button', { name: 'Download the result' }));
    await vi.waitFor(() => expect(saved).toEqual(['crew-result.xlsx']));

    const print = screen.getByRole('button', { name: 'Print activation cards for this import' });
    await user.click(print);
    await vi.waitFor(() => expect(saved).toEqual(['crew-result.xlsx', 'activation-cards.pdf']));
    const printCalls = calls.filter((call) => call.path === '/api/v1/users/activation-cards');
    expect(printCalls.map((call) => call.body)).toEqual([{ importId: 5 }]);
    expect(printCalls[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);

    await user.click(print);
    const notice = await screen.findByText(MSG.noPendingAccounts);
    // A notice, not a failure.
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(notice.closest('[role="alert"]')).toBeNull();
  });

  it('offers no activation cards after a sites import', async () => {
    const { fetchMock } = stubKeyedFetch(({ path }) => {
      if (path === '/api/v1/imports/5') return Response.json({ ...done, kind: 'SITES', fileName: 'sites.xlsx' });
      if (path === '/api/v1/imports/5/rows') return list([]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderImports('/imports/5');
    expect(await screen.findByRole('heading', { name: 'sites.xlsx is imported' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sites' })).toHaveAttribute('href', '/sites');
    expect(screen.queryByRole('button', { name: 'Print activation cards for this import' })).not.toBeInTheDocument();
  });

  it('tells a supervisor that only owners and admins import, asking the server nothing', async () => {
    const { calls, fetchMock } = stubKeyedFetch(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    renderImports('/imports', fakeSession({ role: 'MEMBER', teams: [{ id: 4, name: 'Tower A', authority: 'SUPERVISOR', position: null }] }));
    expect(await screen.findByText('Only owners and admins import members and sites.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
