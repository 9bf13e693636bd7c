// The picture of an instruction in the action form: chosen and previewed, checked by its content
// before anything is sent, sent once the action exists, and removed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import type { ActionTypeInfo } from '@fieldops/shared/tasks';
import { renderWithSession, stubFetch } from '../../../../test/session.tsx';
import { actionTypes, makeAction } from '../../test-fixtures.ts';
import { ActionForm } from './action-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const WORKFLOW = '/services/workflow/api';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const WEBP = new Uint8Array(
  [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [36, 0, 0, 0],
      [...'WEBPVP8 '].map((c) => c.charCodeAt(0)),
    ),
);
const GIF = new Uint8Array([...'GIF89a'].map((c) => c.charCodeAt(0)).concat([1, 0, 1, 0]));
const types: ActionTypeInfo[] = [...actionTypes, { type: 'INSTRUCTION', nameEn: 'Instruction', nameAr: 'تعليمات', hasOptions: false, chainable: false }];

function stubServer() {
  const stub = stubFetch(({ method, path, body }) => {
    if (path === `${WORKFLOW}/v1/action-types`) return Response.json(types);
    if (path === `${WORKFLOW}/v1/tags`) return Response.json([]);
    if (method === 'POST' && path === `${WORKFLOW}/v1/actions`)
      return Response.json({ ...makeAction(40, 4, 'INSTRUCTION', 'x'), ...(body as object) }, { status: 201 });
    if (method === 'PUT' && path === `${WORKFLOW}/v1/actions/40`)
      return Response.json(makeAction(40, 4, 'INSTRUCTION', 'Wear gloves', { image: '/api/files/a.png' }));
    if (method === 'PUT' && path === `${WORKFLOW}/v1/actions/40/image`)
      return Response.json(makeAction(40, 4, 'INSTRUCTION', 'x', { image: '/api/files/b.png' }));
    if (method === 'DELETE' && path === `${WORKFLOW}/v1/actions/40/image`) return Response.json(makeAction(40, 4, 'INSTRUCTION', 'x'));
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

describe("an instruction's picture in the action form", () => {
  it('is chosen, previewed with the name as its text, and sent once the new action exists', async () => {
    const calls = stubServer();
    const onSaved = vi.fn();
    renderWithSession(<ActionForm taskId={5} onSaved={onSaved} onCancel={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name in English' }), 'Wear gloves');
    await userEvent.click(screen.getByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Instruction' }));
    expect(screen.getByRole('group', { name: 'Image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose image' })).toBeInTheDocument();

    await userEvent.upload(fileInput(), new File([WEBP], 'gloves.webp', { type: 'image/webp' }));
    expect(await screen.findByRole('img', { name: 'Image of “Wear gloves”' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace image' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add action' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => [call.method, call.path])).toEqual([
      ['POST', `${WORKFLOW}/v1/actions`],
      ['PUT', `${WORKFLOW}/v1/actions/40/image`],
    ]);
    const sent = (writes[1]?.body as FormData).get('file') as File;
    expect(sent.name).toBe('gloves.webp');
  });

  it('refuses a file that is no JPEG, PNG or WebP before anything is sent', async () => {
    const calls = stubServer();
    renderWithSession(<ActionForm taskId={5} action={makeAction(40, 4, 'INSTRUCTION', 'Wear gloves')} onSaved={() => undefined} onCancel={() => undefined} />);
    await userEvent.upload(fileInput(), new File([GIF], 'gloves.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.instructionImageType);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.some((call) => call.path.endsWith('/image'))).toBe(false);
  });

  it('shows the picture an instruction has, replaces it, and removes it', async () => {
    const calls = stubServer();
    const onSaved = vi.fn();
    const action = makeAction(40, 4, 'INSTRUCTION', 'Wear gloves', { image: '/api/files/a.png?expires=1&signature=x' });
    const view = renderWithSession(<ActionForm taskId={5} action={action} onSaved={onSaved} onCancel={() => undefined} />);
    expect(screen.getByRole('img', { name: 'Image of “Wear gloves”' })).toHaveAttribute('src', '/api/files/a.png?expires=1&signature=x');
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path])).toEqual([
      ['PUT', `${WORKFLOW}/v1/actions/40`],
      ['DELETE', `${WORKFLOW}/v1/actions/40/image`],
    ]);
    view.unmount();

    const again = stubServer();
    renderWithSession(<ActionForm taskId={5} action={action} onSaved={() => undefined} onCancel={() => undefined} />);
    await userEvent.upload(fileInput(), new File([PNG], 'new.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(again.some((call) => call.method === 'PUT' && call.path.endsWith('/image'))).toBe(true));
  });
});
