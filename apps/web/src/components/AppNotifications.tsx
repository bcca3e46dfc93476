// Loaded lazily by NotificationsWhenShown once a notification is shown: notifications come after
// something happens, never on a first paint, so their code and CSS stay out of the first load.
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** Where the app's notifications appear. */
export function AppNotifications() {
  return <Notifications position="top-right" />;
}
