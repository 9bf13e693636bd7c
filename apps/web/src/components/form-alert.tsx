// The red alert that says why a form (or what it leads to) failed, above its inputs: a refusal
// that names no field, a lost connection, a link that no longer works. Screen readers announce it.
import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../lib/i18n/translate-message.ts';

type FormAlertProps =
  /** A failure, said as `errorMessage` words it. */
  | { error: unknown; fallbackKey?: string }
  /** What to say, already worded and translated. */
  | { children: ReactNode };

/** Draws nothing while there is nothing to say (no failure, no text). */
export function FormAlert(props: FormAlertProps) {
  const content = 'error' in props ? (props.error ? errorMessage(props.error, props.fallbackKey) : null) : props.children;
  if (content === null || content === undefined || content === false || content === '') return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {content}
    </Alert>
  );
}
