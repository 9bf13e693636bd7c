// A small form-state hook validated by the shared zod schemas; errors hold English message
// texts (translated when shown) and can be filled from the server's fieldErrors. `field` and
// `select` give a Mantine input its value, change handler and translated error in one spread, so
// a form says which field an input edits and nothing else.
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { ApiError, type FieldError } from './api-error.ts';
import { errorMessage, translateMessage } from './i18n/translate-message.ts';
import { notifyError } from './notify.ts';

export type FormErrors<V> = Partial<Record<keyof V & string, string>>;

/** The fields holding any text, which a Select edits ('' standing for nothing chosen). */
type TextKey<V> = { [K in keyof V]: string extends V[K] ? K : never }[keyof V] & string;

/** What an input hands its onChange: a text input its change event, the others the value itself. */
type InputChange<T> = T | (string extends T ? { currentTarget: { value: string } } : never);

/** The props `field` gives an input. */
export interface FieldProps<T> {
  value: T;
  onChange: (input: InputChange<T>) => void;
  error: string | undefined;
}

const isChangeEvent = (input: unknown): input is { currentTarget: { value: string } } =>
  typeof input === 'object' && input !== null && 'currentTarget' in input;

export function issuesToErrors<V>(issues: readonly z.core.$ZodIssue[]): FormErrors<V> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors as FormErrors<V>;
}

function fieldErrorsToErrors<V>(fieldErrors: readonly FieldError[], fields: readonly string[]): FormErrors<V> {
  const errors: Record<string, string> = {};
  for (const { field, message } of fieldErrors) {
    // Server fields may be nested ("body.name"); the last segment names the input.
    const name = field.split('.').pop() ?? field;
    if (fields.includes(name) && !errors[name]) errors[name] = message;
  }
  return errors as FormErrors<V>;
}

/** `initial`: the values, or a function that works them out once. */
export function useFormState<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  // The server names fields as the form does, so the form's own keys are the ones it may name.
  const [fields] = useState(() => Object.keys(values));

  /** Sets one field and takes its error away: the user is answering it. */
  const write = useCallback((field: keyof V & string, value: unknown) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);
  const setValue = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => write(field, value), [write]);

  /** Parses with the schema; on failure records the field errors and returns null. */
  const validate = useCallback(
    <S extends z.ZodType>(schema: S, input: unknown = values): z.output<S> | null => {
      const result = schema.safeParse(input);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(issuesToErrors<V>(result.error.issues));
      return null;
    },
    [values],
  );

  /**
   * Puts a refusal's field errors under the inputs they name and returns them: none when the
   * refusal named no field of this form, which then wants saying some other way.
   */
  const showFieldErrors = useCallback(
    (error: unknown): FormErrors<V> => {
      if (!(error instanceof ApiError)) return {};
      const found = fieldErrorsToErrors<V>(error.fieldErrors, fields);
      setErrors(found);
      return found;
    },
    [fields],
  );

  /**
   * The onError of a save: the refusal's field errors under their inputs, and a toast with the
   * server's text (or the text of `fallbackKey`, a key of "messages").
   */
  const refused = (fallbackKey: string) => (error: unknown) => {
    showFieldErrors(error);
    notifyError(errorMessage(error, fallbackKey));
  };

  /** The translated error of one field, for an input's `error` prop. */
  const error = (name: keyof V & string): string | undefined => {
    const message = errors[name];
    return message ? translateMessage(message) : undefined;
  };

  /** Value, change handler and error of a text input, a colour, number or multiple choice. */
  const field = <K extends keyof V & string>(name: K): FieldProps<V[K]> => ({
    value: values[name],
    onChange: (input: InputChange<V[K]>) => write(name, isChangeEvent(input) ? input.currentTarget.value : input),
    error: error(name),
  });

  /** The same for a Select of a text field, which says "nothing chosen" with null. */
  const select = (name: TextKey<V>) => ({
    value: values[name] ? String(values[name]) : null,
    onChange: (value: string | null) => write(name, value ?? ''),
    error: error(name),
  });

  return { values, setValues, setValue, errors, setErrors, validate, showFieldErrors, refused, error, field, select };
}
