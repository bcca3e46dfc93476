import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBellRinging, IconInfoCircle } from '@tabler/icons-react';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { DENIED_MESSAGE, INSECURE_MESSAGE, NO_WORKER_MESSAGE, type PushAvailability } from './push-support';
import { PushSetupError, type DeviceStatus, turnOnThisDevice } from './this-device';
import { thisDeviceLabel } from './device-label';

/** The browser's words, or the server's: its own message for a refusal other than a form's 422. */
const messagesOf = (failure: unknown): string[] => {
  if (failure instanceof PushSetupError) return [failure.message];
  if (!(failure instanceof ApiError)) return [UNEXPECTED_ERROR];
  const told = failure.status >= 400 && failure.status < 500 && failure.status !== 422 && failure.serverMessage;
  return told ? [told] : failure.messages;
};

function Notice({ children }: { children: string }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle />} data-testid="push-device-notice">
      {children}
    </Alert>
  );
}

interface ThisDeviceProps {
  userId: number;
  availability: PushAvailability;
  /** This browser's state (useThisDeviceStatus), null while it is read. */
  status: DeviceStatus | null;
  /** Reads it again. */
  recheck: () => Promise<unknown>;
}

/**
 * This browser: "Turn on for this device", or why it cannot (no push, not https, blocked, no
 * service worker, or the browser's own refusal in its words).
 */
export function ThisDevice({ userId, availability, status, recheck }: ThisDeviceProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const turnOn = async () => {
    setBusy(true);
    setErrors([]);
    setDone(null);
    try {
      await turnOnThisDevice(userId);
      setDone(`Notifications are on for this device (${thisDeviceLabel()}).`);
      // The list was read again before the device was remembered here: look once more.
      await recheck();
    } catch (failure) {
      setErrors(messagesOf(failure));
      await recheck();
    } finally {
      setBusy(false);
    }
  };

  if (availability.kind === 'insecure') return <Notice>{INSECURE_MESSAGE}</Notice>;
  if (availability.kind === 'unsupported') return <Notice>{availability.message}</Notice>;
  if (status === null) {
    return (
      <Text size="sm" c="dimmed">
        Checking this browser…
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="push-this-device" data-state={status.kind}>
      {status.kind === 'server-off' && <Notice>{status.message}</Notice>}
      {status.kind === 'unreadable' && (
        <>
          <ErrorList messages={status.messages} />
          <Group>
            <Button variant="default" size="xs" onClick={() => void recheck()}>
              Check again
            </Button>
          </Group>
        </>
      )}
      {status.kind === 'no-worker' && <Notice>{NO_WORKER_MESSAGE}</Notice>}
      {status.kind === 'denied' && (
        <>
          <Notice>{DENIED_MESSAGE}</Notice>
          <Group>
            <Button variant="default" size="xs" onClick={() => void recheck()}>
              Check again
            </Button>
          </Group>
        </>
      )}
      {status.kind === 'off' && (
        <Group>
          <Button leftSection={<IconBellRinging size={18} />} onClick={() => void turnOn()} loading={busy}>
            Turn on for this device
          </Button>
        </Group>
      )}
      {status.kind === 'on' && !done && (
        <Text size="sm">This device gets notifications. Remove it below to stop them here.</Text>
      )}
      <SuccessNote message={done} />
      <ErrorList messages={errors} />
    </Stack>
  );
}
