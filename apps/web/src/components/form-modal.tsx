// A dialog around a create-or-edit form. The form is mounted only while the dialog is open, so
// each opening starts from the values it is given; a save closes the dialog before the page
// hears of it.
import type { ReactNode } from 'react';
import { Modal, type ModalProps } from '@mantine/core';

interface FormModalProps<T> {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** After a save, once the dialog has closed. */
  onSaved?: (saved: T) => void;
  /** The form, given what to call when it is left (`close`) and when it has saved (`saved`). */
  children: (handlers: { close: () => void; saved: (value: T) => void }) => ReactNode;
}

export function FormModal<T>({ opened, onClose, title, size, onSaved, children }: FormModalProps<T>) {
  const saved = (value: T) => {
    onClose();
    onSaved?.(value);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      {opened ? children({ close: onClose, saved }) : null}
    </Modal>
  );
}
