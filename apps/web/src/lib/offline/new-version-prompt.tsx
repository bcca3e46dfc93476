/**
 * The 'A new version is ready — Reload' notification (DECISIONS.md #35). A module of its own, loaded
 * only when a new version is waiting: Mantine's notifications and its buttons would otherwise sit in
 * the entry chunk every page downloads first (DECISIONS.md #32).
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

const NEW_VERSION_ID = 'new-version';

export function showNewVersionPrompt(reload: () => void): void {
  notifications.show({
    id: NEW_VERSION_ID,
    color: 'teal',
    autoClose: false,
    withCloseButton: true,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="new-version">
        <Text size="sm">A new version is ready</Text>
        <Button size="xs" onClick={reload}>
          Reload
        </Button>
      </Group>
    ),
  });
}
