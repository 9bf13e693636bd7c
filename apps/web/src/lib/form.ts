// A small form-state hook validated by the shared zod schemas; errors hold English message
// texts (translated when shown) and can be filled from the server's fieldErrors.
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import type { FieldError } from './api-error.ts';
import { translateMessage } from './i18n/translate-message.ts';

export type FormErrors<V> = Partial<Record<keyof V & string, string>>;

export function issuesToErrors<V>(issues: readonly z.core.$ZodIssue[]): FormErrors<V> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors as FormErrors<V>;
}

export function fieldErrorsToErrors<V>(fieldErrors: readonly FieldError[], fields: readonly string[]): FormErrors<V> {
  const errors: Record<string, string> = {};
  for (const { field, message } of fieldErrors) {
    // Server fields may be nested ("body.name"); the last segment names the input.
    const name = field.split('.').pop() ?? field;
    if (fields.includes(name) && !errors[name]) errors[name] = message;
  }
  return errors as FormErrors<V>;
}

export function useFormState<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});

  const setValue = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

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

  return { values, setValues, setValue, errors, setErrors, validate };
}

/** The translated error of one field, for an input's `error` prop. */
export function errorOf<V>(errors: FormErrors<V>, field: keyof V & string): string | undefined {
  const message = errors[field];
  return message ? translateMessage(message) : undefined;
}
