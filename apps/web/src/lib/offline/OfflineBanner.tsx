/**
 * 'Offline — showing what was saved at {time}': shown above every screen while any answer on it
 * came from the device instead of the server (DECISIONS.md #34).
 */
import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useExternalStore } from '../use-external-store';
import { formatRecentTime } from '../recent-time';
import { savedAnswersStore } from './saved-answers';

export function OfflineBanner() {
  const { oldestSavedAt } = useExternalStore(savedAnswersStore);
  if (!oldestSavedAt) return null;
  return (
    <Alert color="yellow" variant="light" radius={0} icon={<IconCloudOff />} role="status" data-testid="offline-banner">
      Offline — showing what was saved at {formatRecentTime(oldestSavedAt)}
    </Alert>
  );
}
