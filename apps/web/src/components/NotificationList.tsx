import { Badge, Box, Stack, Text } from '@mantine/core';
import type { Notification } from '@mindspend/api-contract';
import { formatRecentTime } from '../lib/recent-time';

interface NotificationListProps {
  notifications: readonly Notification[];
  /** Notices new to the person since the list was last opened. */
  newIds: ReadonlySet<number>;
}

/** The notices, newest first; the new ones with a bold title and a 'New' mark. */
export function NotificationList({ notifications, newIds }: NotificationListProps) {
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {notifications.map((note) => {
        const unread = newIds.has(note.id) || note.read_at === null;
        return (
          <Box
            component="li"
            key={note.id}
            py="xs"
            data-unread={unread ? 'true' : 'false'}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" fw={unread ? 700 : 500}>
              {note.title}
              {unread ? (
                <Badge component="span" size="xs" color="red" variant="light" ml={6}>
                  New
                </Badge>
              ) : null}
            </Text>
            <Text size="sm">{note.message}</Text>
            <Text size="xs" c="dimmed">
              {formatRecentTime(new Date(note.created_at))}
            </Text>
          </Box>
        );
      })}
    </Stack>
  );
}
