import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import type { PushSubscription } from '@mindspend/api-contract';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorList } from '../../components/ErrorList';
import { removeDeviceEverywhere } from './this-device';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface DeviceListProps {
  userId: number;
  devices: PushSubscription[] | undefined;
  failed: boolean;
  /** This browser's device id, when it is in the list. */
  thisDeviceId: number | null;
}

/** The devices that get notifications, each removable; removing this one unsubscribes it here too. */
export function DeviceList({ userId, devices, failed, thisDeviceId }: DeviceListProps) {
  const [removing, setRemoving] = useState<PushSubscription | null>(null);
  if (failed) return <ErrorList messages={['Your devices could not be loaded. Please reload the page.']} />;
  if (!devices) {
    return (
      <Text size="sm" c="dimmed">
        Loading devices…
      </Text>
    );
  }
  if (devices.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="push-no-devices">
        No device gets notifications yet.
      </Text>
    );
  }
  const removingThis = removing !== null && removing.id === thisDeviceId;
  return (
    <Stack gap="sm" data-testid="push-devices">
      {devices.map((device) => (
        <Group key={device.id} justify="space-between" wrap="nowrap" data-testid="push-device-row">
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
            <IconDeviceMobile size={22} aria-hidden style={{ flexShrink: 0 }} />
            <div style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text fw={600}>{device.label}</Text>
                {device.id === thisDeviceId && (
                  <Badge size="sm" variant="light">
                    This device
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Through {device.service} · added {when(device.created_at)} ·{' '}
                {device.last_sent_at ? `last notified ${when(device.last_sent_at)}` : 'not notified yet'}
              </Text>
            </div>
          </Group>
          <Button size="xs" variant="default" onClick={() => setRemoving(device)} aria-label={`Remove ${device.label}`} style={{ flexShrink: 0 }}>
            Remove
          </Button>
        </Group>
      ))}
      {removing && (
        <ConfirmModal
          title={`Stop notifications to ${removing.label}?`}
          confirmLabel="Remove"
          onClose={() => setRemoving(null)}
          // The list is read again, and this browser's state with it (ThisDevice).
          onConfirm={() => removeDeviceEverywhere(userId, removing.id, removingThis)}
        >
          {removingThis
            ? 'This browser stops getting “how did that feel?” nudges and forgets its subscription. You can turn them on again here.'
            : `${removing.label} stops getting “how did that feel?” nudges. To get them there again, turn them on in Settings on that device.`}
        </ConfirmModal>
      )}
    </Stack>
  );
}
