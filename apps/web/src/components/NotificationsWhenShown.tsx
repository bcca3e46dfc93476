// Mounts the notifications' container (AppNotifications, loaded lazily) only once the app has shown
// a notification, which is never on a first paint: its code and CSS (about 16 KB on the wire) stay
// out of every page's first load (issue 29, DECISIONS.md #110). Mantine's store keeps what was
// shown meanwhile, and the container draws it when it mounts.
import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const AppNotifications = lazy(() =>
  import('./AppNotifications').then((m) => ({ default: m.AppNotifications })),
);

export function NotificationsWhenShown() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Once mounted it stays: its leaving animations need it after the last notification is gone.
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppNotifications />
    </Suspense>
  );
}
