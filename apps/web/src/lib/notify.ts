// Toasts through @mantine/notifications; callers pass texts already translated.
import { notifications } from '@mantine/notifications';

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: 4000 });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 6000 });
}
