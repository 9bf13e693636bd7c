import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportRow } from '@fieldops/shared/imports';
import { MSG } from '@fieldops/shared/messages';
import { i18n } from '../../lib/i18n/i18n.ts';
import { list } from '../../test/session.tsx';
import { makeRow, makeSummary } from './test/fixtures.ts';
import { renderImports, stubKeyedFetch } from './test/render-imports.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const rows = () => [
  makeRow(2, { name: 'Omar Haddad', email: 'omar@example.com', sites: 'Tower A' }),
  makeRow(3, { name: 'Lina Mansour', email: 'lina@', sites: 'Tower A' }, { problems: [{ field: 'email', message: MSG.emailInvalid }] }),
  makeRow(4, { name: '4 Sami', email: 'sami@example.com' }, { problems: [{ field: 'name', message: MSG.nameInvalid }] }),
  makeRow(5, { name: 'Omar Haddad', email: 'omar@example.com' }, { problems: [{ field: 'row', message: MSG.importDuplicateRow }] }),
  makeRow(6, { name: 'Nada Saleh', email: 'nada@example.com' }, { existingId: 12 }),
];

/**
 * A preview whose rows are re-checked as the server would: a valid e-mail fixes row 3. The answer
 * to a commit waits for `hold`, when given.
 */
function stubPreview(hold?: Promise<void>) {
  let summary = makeSummary();
  const current: ImportRow[] = rows();
  const stub = stubKeyedFetch(({ method, path, search, body }) => {
    if (method === 'GET' && path === '/api/v1/imports/5') return Response.json(summary);
    if (method === 'GET' && path === '/api/v1/imports/5/rows') {
      const filter = search.get('filter');
      const found = current.filter((row) => filter !== 'problems' || row.problems.length > 0);
      return list(found, found.length);
    }
    const put = /^\/api\/v1\/imports\/5\/rows\/(\d+)$/.exec(path);
    if (method === 'PUT' && put) {
      const index = current.findIndex((row) => row.row === Number(put[1]));
      const change = body as { values?: Record<string, string>; skip?: boolean };
      const values = change.values ?? current[index]!.values;
      const problems = values.email?.includes('@example.') ? current[index]!.problems.filter((p) => p.field !== 'email') : current[index]!.problems;
      current[index] = { ...current[index]!, values, problems, skip: change.skip ?? current[index]!.skip };
      summary = { ...summary, readyRows: 196, problemRows: 2 };
      return Response.json(current[index]);
    }
    if (method === 'DELETE' && path === '/api/v1/imports/5') return new Response(null, { status: 204 });
    if (method === 'POST' && path === '/api/v1/imports/5/commit') {
      summary = { ...summary, status: 'QUEUED', existing: (body as { existing: 'SKIP' | 'UPDATE' }).existing };
      return Response.json(summary, { status: 202 });
    }
    return undefined;
  });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const answer = stub.fetchMock(input, init);
    if (hold && input.endsWith('/commit')) await hold;
    return answer;
  });
  return stub.calls;
}

const rowOf = (number: string) => screen.getByRole('rowheader', { name: number }).closest('tr') as HTMLElement;

describe('import preview', () => {
  it('counts the rows and shows each problem beside its value, in an input that says it', async () => {
    stubPreview();
    renderImports('/imports/5');
    expect(await screen.findByRole('heading', { name: 'Check the rows of crew.csv' })).toBeInTheDocument();
    const counts = screen.getByRole('group', { name: 'Rows of the file' });
    expect(within(counts).getByTestId('figure-ready')).toHaveTextContent('Ready195');
    expect(within(counts).getByTestId('figure-problems')).toHaveTextContent('With problems3');
    expect(within(counts).getByTestId('figure-existing')).toHaveTextContent('Already existing1');
    expect(within(counts).getByTestId('figure-skipped')).toHaveTextContent('Skipped1');

    expect(await screen.findByRole('table', { name: 'Rows of crew.csv' })).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Email, row 3' });
    expect(email).toHaveValue('lina@');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(MSG.emailInvalid);
    expect(screen.getByRole('textbox', { name: 'Name, row 4' })).toHaveAccessibleDescription(MSG.nameInvalid);
    // A repeated row is the row's own problem: each of its values may be changed, and says why.
    expect(within(rowOf('5')).getByText(MSG.importDuplicateRow)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email, row 5' })).toHaveAccessibleDescription(MSG.importDuplicateRow);
    // A row without problems is read, not edited.
    expect(screen.queryByRole('textbox', { name: 'Name, row 2' })).not.toBeInTheDocument();
    expect(within(rowOf('2')).getByText('Ready')).toBeInTheDocument();
    expect(within(rowOf('6')).getByText('Already exists')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Import 195 rows' })).toBeEnabled();
    expect(screen.getByText('Rows that still have problems are skipped.')).toBeInTheDocument();
  });

  it('says the problems in Arabic, right to left', async () => {
    await i18n.changeLanguage('ar');
    stubPreview();
    renderImports('/imports/5');
    const email = await screen.findByRole('textbox', { name: 'البريد الإلكتروني، الصف 3' });
    expect(email).toHaveAccessibleDescription(i18n.t('messages.emailInvalid'));
    expect(i18n.t('messages.emailInvalid')).not.toBe(MSG.emailInvalid);
    expect(screen.getByRole('columnheader', { name: 'الاسم' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'استيراد الصفوف (195)' })).toBeInTheDocument();
  });

  it('sends a fixed value to be checked again and shows the row as the server answers it', async () => {
    const calls = stubPreview();
    const user = userEvent.setup();
    renderImports('/imports/5');
    const email = await screen.findByRole('textbox', { name: 'Email, row 3' });
    await user.clear(email);
    await user.type(email, 'lina@example.com{Enter}');

    await vi.waitFor(() => expect(within(rowOf('3')).getByText('Ready')).toBeInTheDocument());
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/imports/5/rows/3', { values: { name: 'Lina Mansour', email: 'lina@example.com', sites: 'Tower A', role: '', position: '', externalId: '' } }],
    ]);
    const fixed = screen.getByRole('textbox', { name: 'Email, row 3' });
    expect(fixed).not.toHaveAttribute('aria-invalid');
    expect(fixed).not.toHaveAccessibleDescription(MSG.emailInvalid);
    // Leaving the input sends nothing more; the counts are read again.
    await user.tab();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Import 196 rows' })).toBeInTheDocument();
  });

  it('skips a row with its switch', async () => {
    const calls = stubPreview();
    const user = userEvent.setup();
    renderImports('/imports/5');
    const skip = await screen.findByRole('checkbox', { name: 'Skip row 2' });
    expect(skip).not.toBeChecked();
    await user.click(skip);
    await vi.waitFor(() => expect(screen.getByRole('checkbox', { name: 'Skip row 2' })).toBeChecked());
    expect(within(rowOf('2')).getByText('Skipped')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([['/api/v1/imports/5/rows/2', { skip: true }]]);
  });

  it('shows only the rows with problems under that filter', async () => {
    const calls = stubPreview();
    const user = userEvent.setup();
    renderImports('/imports/5');
    await screen.findByRole('textbox', { name: 'Email, row 3' });
    await user.click(screen.getByRole('radio', { name: 'With problems' }));
    await vi.waitFor(() => expect(screen.queryByRole('rowheader', { name: '2' })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: '3' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/v1/imports/5/rows').map((call) => call.search.get('filter'))).toEqual(['all', 'problems']);
    expect(calls.every((call) => call.path !== '/api/v1/imports/5/rows' || call.search.get('size') === '50')).toBe(true);
  });

  it('imports the ready rows once, however often it is clicked, updating existing ones when asked', async () => {
    let answer = () => undefined as void;
    const calls = stubPreview(new Promise<void>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderImports('/imports/5');
    await screen.findByRole('textbox', { name: 'Email, row 3' });
    const choice = screen.getByRole('radiogroup', { name: 'Members or sites that already exist' });
    expect(within(choice).getByRole('radio', { name: 'Skip them' })).toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: 'Update them' }));
    const importButton = screen.getByRole('button', { name: 'Import 195 rows' });
    // A double click whose second click lands before the button is drawn busy, then one more.
    act(() => {
      importButton.click();
      importButton.click();
    });
    await user.click(importButton);
    answer();

    expect(await screen.findByRole('progressbar', { name: 'Rows imported' })).toBeInTheDocument();
    const commits = calls.filter((call) => call.method === 'POST');
    expect(commits.map((call) => [call.path, call.body])).toEqual([['/api/v1/imports/5/commit', { existing: 'UPDATE' }]]);
    expect(commits[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText(MSG.importQueued)).toBeInTheDocument();
  });

  it('discards the preview after a confirmation and goes back to the first step', async () => {
    const calls = stubPreview();
    const user = userEvent.setup();
    const { router } = renderImports('/imports/5');
    await screen.findByRole('textbox', { name: 'Email, row 3' });
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this import?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/imports'));
    expect(router.state.location.search).toBe('?kind=MEMBERS');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/v1/imports/5']);
  });
});
