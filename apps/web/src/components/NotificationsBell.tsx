// Loaded lazily by the navigation bar once someone is signed in, with the CSS of its parts.
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { ActionIcon, Indicator, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { NotificationList } from './NotificationList';
import { unreadCount, useMarkNotificationsRead, useNotifications } from '../lib/notifications';

/** The bell in the navigation bar: how many notices are unread, and the list when clicked. */
export function NotificationsBell() {
  const { data: notifications = [] } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [opened, setOpened] = useState(false);
  // The notices that were unread when the list opened keep their mark while it stays open, though
  // they are marked read on the server at once.
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const unread = unreadCount(notifications);
  const label = unread === 0 ? 'Notifications' : `Notifications: ${unread} unread`;

  const open = () => {
    setOpened(true);
    setNewIds(new Set(notifications.flatMap((note) => (note.read_at === null ? [note.id] : []))));
    const newest = notifications[0];
    // The list shows them now: the newest shown and all before it count as read.
    if (unread > 0 && newest) markRead.mutate(newest.id);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" radius="md" trapFocus>
      {/* The target is the button itself: the popover's aria-expanded belongs on it, not on the badge. */}
      <Indicator label={unread > 9 ? '9+' : unread} size={18} disabled={unread === 0} offset={4} color="red">
        <Popover.Target>
          <ActionIcon
            variant="default"
            radius="xl"
            size="lg"
            aria-label={label}
            title={label}
            data-testid="notifications-bell"
            onClick={() => (opened ? setOpened(false) : open())}
          >
            <IconBell size={18} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown data-testid="notifications-list">
        <Stack gap="xs">
          <Title order={2} size="h5">
            Notifications
          </Title>
          {notifications.length === 0 ? (
            <Text size="sm" c="dimmed">
              No notifications yet. Regret radar warnings, regret caps passed and account changes show up here.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={380} type="auto">
              <NotificationList notifications={notifications} newIds={newIds} />
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
