import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { renderWithSession, stubFetch } from '../../../../test/session.tsx';
import { actionTypes, makeAction } from '../../test-fixtures.ts';
import { ActionForm } from './action-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const WORKFLOW = '/services/workflow/api';

function stubServer() {
  const stub = stubFetch(({ method, path, body }) => {
    if (path === `${WORKFLOW}/v1/action-types`) return Response.json(actionTypes);
    if (path === `${WORKFLOW}/v1/tags`) return Response.json([{ id: 3, nameEn: 'Safety', nameAr: 'السلامة', actionsCount: 0 }]);
    if (method === 'POST' && path === `${WORKFLOW}/v1/actions`)
      return Response.json({ ...makeAction(40, 4, 'TEXT', 'x'), ...(body as object) }, { status: 201 });
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

async function chooseType(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /^Type/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('action form', () => {
  it('needs a name in English or Arabic, and either one is enough', async () => {
    const calls = stubServer();
    const onSaved = vi.fn();
    renderWithSession(<ActionForm taskId={5} onSaved={onSaved} onCancel={() => undefined} />);
    await chooseType('Text');
    await userEvent.click(screen.getByRole('button', { name: 'Add action' }));
    expect(await screen.findByText(MSG.nameEnOrArRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: 'Name in Arabic' }), 'ملاحظات');
    await userEvent.click(screen.getByRole('button', { name: 'Add action' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    // A new action is required unless the builder makes it optional.
    expect(post?.body).toMatchObject({ taskId: 5, nameEn: null, nameAr: 'ملاحظات', type: 'TEXT', options: [], required: true });
    expect(await screen.findByText('Action Added Successfully')).toBeInTheDocument();
  });

  it('asks for both labels of every option of a choice action', async () => {
    const calls = stubServer();
    renderWithSession(<ActionForm taskId={5} onSaved={() => undefined} onCancel={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name in English' }), 'Which floor?');
    await chooseType('Single choice');
    await userEvent.type(screen.getByRole('textbox', { name: 'Option 1 in English' }), 'Ground');
    await userEvent.type(screen.getByRole('textbox', { name: 'Option 1 in Arabic' }), 'الأرضي');
    await userEvent.type(screen.getByRole('textbox', { name: 'Option 2 in English' }), 'First');
    await userEvent.click(screen.getByRole('button', { name: 'Add action' }));

    const missing = screen.getByRole('textbox', { name: 'Option 2 in Arabic' });
    expect(missing).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findAllByText(MSG.optionRequired)).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Option 1 in Arabic' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // One option is not enough.
    await userEvent.click(screen.getByRole('button', { name: 'Remove option 2' }));
    expect(screen.getByRole('button', { name: 'Remove option 1' })).toBeDisabled();
  });

  it('assigns and removes the tags that changed on an existing action, with one reassignment toast', async () => {
    const action = makeAction(40, 1, 'TEXT', 'Remarks', { tags: [{ id: 2, nameEn: 'Quality', nameAr: 'الجودة' }] });
    const { calls, fetchMock } = stubFetch(({ path, method }) => {
      if (path === `${WORKFLOW}/v1/tags`) {
        return Response.json([
          { id: 2, nameEn: 'Quality', nameAr: 'الجودة', actionsCount: 1 },
          { id: 3, nameEn: 'Safety', nameAr: 'السلامة', actionsCount: 0 },
        ]);
      }
      if (path === `${WORKFLOW}/v1/action-types`) return Response.json(actionTypes);
      if (method === 'PUT' && path === `${WORKFLOW}/v1/actions/40`) return Response.json(action);
      if (path.startsWith(`${WORKFLOW}/v1/actions/`)) return Response.json(null);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    renderWithSession(<ActionForm taskId={5} action={action} onSaved={onSaved} onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Tags' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Safety' }));
    await userEvent.click(screen.getByRole('option', { name: 'Quality' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const writes = calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]);
    expect(writes).toEqual([
      ['PUT', `${WORKFLOW}/v1/actions/40`, expect.objectContaining({ nameEn: 'Remarks', type: 'TEXT' })],
      ['POST', `${WORKFLOW}/v1/actions/assign/tags`, { actionId: 40, tagIds: [3] }],
      ['DELETE', `${WORKFLOW}/v1/actions/remove/tags`, { actionId: 40, tagIds: [2] }],
    ]);
    expect(await screen.findByText('Tag reassigned successfully')).toBeInTheDocument();
    expect(screen.getByText('Action Updated Successfully')).toBeInTheDocument();
  });
});

describe('action form: section, score and evidence', () => {
  const sections = [{ id: 7, taskId: 5, order: 1, nameEn: 'Front of house', nameAr: 'الواجهة', descriptionEn: null, descriptionAr: null, criteria: null }];

  it('keeps the section, weight, settings and rules of an action it edits', async () => {
    const action = makeAction(41, 2, 'YES_NO', 'Floor clean?', {
      sectionId: 7,
      weight: 3,
      settings: { min: null, max: null, unit: null, step: null, allowNa: true, scored: false },
      rules: {
        NO: { score: 0, na: false, photoRequired: true, noteRequired: false, flag: true },
        YES: { score: 1, na: false, photoRequired: false, noteRequired: false, flag: false },
      },
    });
    const { calls, fetchMock } = stubFetch(({ path, method }) => {
      if (path === `${WORKFLOW}/v1/action-types`) return Response.json(actionTypes);
      if (path === `${WORKFLOW}/v1/tags`) return Response.json([]);
      if (method === 'PUT' && path === `${WORKFLOW}/v1/actions/41`) return Response.json(action);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    renderWithSession(<ActionForm taskId={5} sections={sections} action={action} onSaved={onSaved} onCancel={() => undefined} />);
    expect(screen.getByRole('checkbox', { name: 'Photo required for No' })).toBeChecked();
    // Yes now scores 2.
    const yesScore = screen.getByRole('textbox', { name: 'Score for Yes' });
    await userEvent.clear(yesScore);
    await userEvent.type(yesScore, '2');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Note required for N/A' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      sectionId: 7,
      weight: 3,
      settings: { allowNa: true },
      rules: {
        YES: { score: 2 },
        NO: { score: 0, photoRequired: true, flag: true },
        NA: { noteRequired: true },
      },
    });
  });

  it('adds a number with its range and unit into the section it was opened from', async () => {
    const calls = stubServer();
    renderWithSession(<ActionForm taskId={5} sections={sections} defaultSectionId={7} onSaved={() => undefined} onCancel={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name in English' }), 'Fridge');
    await chooseType('Number');
    await userEvent.type(screen.getByRole('textbox', { name: 'Lowest expected value' }), '2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Highest expected value' }), '8');
    await userEvent.type(screen.getByRole('textbox', { name: 'Unit' }), '°C');
    await userEvent.click(screen.getByRole('switch', { name: 'Score it: full marks inside the range, none outside' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add action' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      taskId: 5,
      type: 'NUMBER',
      sectionId: 7,
      settings: { min: 2, max: 8, unit: '°C', scored: true },
    });
  });
});
