import { useMemo } from 'react';
import { Card, Divider, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../lib/use-session';
import { usePushDevices } from './api';
import { DeviceList } from './DeviceList';
import { browserFacts, pushAvailability } from './push-support';
import { QuietHoursForm } from './QuietHoursForm';
import { useThisDeviceStatus } from './this-device';
import { ThisDevice } from './ThisDevice';

/**
 * Settings → Notifications (issue 30, DECISIONS.md #103): "how did that feel?" nudges when imported
 * or bank-synced purchases land without a feeling, answered from the notification itself. Each
 * device is turned on where it is, listed here, and removable from any of them; quiet hours hold
 * nudges until morning.
 */
export function NotificationsSection() {
  const { user } = useSession();
  const devices = usePushDevices();
  const availability = useMemo(() => pushAvailability(browserFacts()), []);
  const list = devices.data?.subscriptions;
  const listedIds = useMemo(() => list?.map((device) => device.id), [list]);
  const thisDevice = useThisDeviceStatus(user?.id ?? 0, availability, listedIds);
  const status = thisDevice.data ?? null;
  if (!user) return null;
  return (
    <Card withBorder radius="lg" p="lg" id="notifications" data-testid="notifications-section">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" mb={6}>
            Notifications
          </Title>
          <Text size="sm" c="dimmed">
            When imported or bank-synced purchases arrive without a feeling, your devices ask “how did that feel?” while it is
            fresh. Choose Felt good or Regretted it on the notification itself, or tap it to answer in Mindspend.
          </Text>
        </div>
        <ThisDevice userId={user.id} availability={availability} status={status} recheck={thisDevice.refetch} />
        <DeviceList
          userId={user.id}
          devices={list}
          failed={devices.isError}
          thisDeviceId={status?.kind === 'on' ? status.deviceId : null}
        />
        <Divider />
        <QuietHoursForm timeZone={user.time_zone} />
      </Stack>
    </Card>
  );
}
