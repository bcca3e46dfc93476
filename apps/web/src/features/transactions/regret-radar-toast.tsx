/**
 * The regret radar as the person saves an expense (DECISIONS.md #57): the new transaction's answer
 * carries its warning, shown at once as a notification that stays until read or closed.
 */
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RegretWarningWire } from '@mindspend/api-contract';
import { REGRET_RADAR_BASIS_NOTE } from '@mindspend/domain';

export function showRegretRadarToast(warning: RegretWarningWire): void {
  notifications.show({
    title: 'Regret radar',
    color: 'orange',
    autoClose: 15_000,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close the regret radar notice' },
    message: (
      <span data-testid="regret-radar-toast">
        <Text size="sm" component="span" display="block">
          {warning.sentence}
        </Text>
        <Text size="xs" c="dimmed" component="span" display="block">
          {REGRET_RADAR_BASIS_NOTE}
        </Text>
      </span>
    ),
  });
}
