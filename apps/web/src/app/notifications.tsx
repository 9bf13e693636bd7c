// The toasts, with their styles: loaded after the first screen (providers.tsx).
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
