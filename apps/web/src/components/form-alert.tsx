// The red alert that says why a form (or what it leads to) failed, above its inputs: a refusal
// that names no field, a lost connection, a link that no longer works. Screen readers announce it.
import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../lib/i18n/translate-message.ts';

type FormAlertProps =
  /** A failure, said as `errorMessage` words it; nothing is drawn while there is none. */
  | { error: unknown; fallbackKey?: string }
  /** What to say, already worded and translated. */
  | { children: ReactNode };

export function FormAlert(props: FormAlertProps) {
  if ('error' in props && !props.error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {'error' in props ? errorMessage(props.error, props.fallbackKey) : props.children}
    </Alert>
  );
}
