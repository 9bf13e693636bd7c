// Toasts through @mantine/notifications; callers pass texts already translated.
import { notifications } from '@mantine/notifications';

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, autoClose: 4000 });
}

/** An error toast; with an `id`, showing it again replaces it rather than stacking a second. */
export function notifyError(message: string, title?: string, id?: string): void {
  if (id) notifications.hide(id);
  notifications.show({ id, color: 'red', title, message, autoClose: 6000 });
}

/** Takes a toast shown with this id off the screen: its trouble is over. */
export function dismissNotice(id: string): void {
  notifications.hide(id);
}
