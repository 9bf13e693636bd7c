import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import { ApiError } from './api-error.ts';
import { useFormState } from './form.ts';
import { i18n } from './i18n/i18n.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const schema = z.object({ name: z.string().min(1, MSG.required), industryId: z.string() });

describe('useFormState', () => {
  it("binds a text input: its change event sets the value and takes the field's error away", () => {
    const { result } = renderHook(() => useFormState({ name: '', industryId: '' }));
    act(() => void result.current.validate(schema));
    expect(result.current.field('name').error).toBe(MSG.required);

    act(() => result.current.field('name').onChange({ currentTarget: { value: 'Acme' } }));
    expect(result.current.field('name')).toEqual({ value: 'Acme', onChange: expect.any(Function), error: undefined });
  });

  it('binds an input that hands over its value, such as a multiple choice', () => {
    const { result } = renderHook(() => useFormState({ teams: [] as string[] }));
    act(() => result.current.field('teams').onChange(['3', '4']));
    expect(result.current.values.teams).toEqual(['3', '4']);
  });

  it('gives a Select null for nothing chosen and keeps an empty text for it', () => {
    const { result } = renderHook(() => useFormState({ industryId: '' }));
    expect(result.current.select('industryId').value).toBeNull();
    act(() => result.current.select('industryId').onChange('7'));
    expect(result.current.select('industryId').value).toBe('7');
    act(() => result.current.select('industryId').onChange(null));
    expect(result.current.values.industryId).toBe('');
  });

  it('shows the errors in the language of the page', async () => {
    const { result } = renderHook(() => useFormState({ name: '' }));
    act(() => void result.current.validate(schema.pick({ name: true })));
    await act(() => i18n.changeLanguage('ar'));
    expect(result.current.error('name')).toBe(i18n.t('messages.required'));
    expect(result.current.error('name')).not.toBe(MSG.required);
  });

  it("puts a refusal's field errors under the fields it names, and none for other failures", () => {
    const { result } = renderHook(() => useFormState({ name: '', industryId: '' }));
    const refusal = new ApiError({
      status: 400,
      userMessage: 'Bad request',
      fieldErrors: [
        { field: 'body.name', message: MSG.required },
        { field: 'body.unknown', message: 'Not a field of the form' },
      ],
    });

    let shown = {};
    act(() => void (shown = result.current.showFieldErrors(refusal)));
    expect(shown).toEqual({ name: MSG.required });
    expect(result.current.errors).toEqual({ name: MSG.required });

    act(() => void (shown = result.current.showFieldErrors(new Error('offline'))));
    expect(shown).toEqual({});
    expect(result.current.errors).toEqual({ name: MSG.required });
  });
});
