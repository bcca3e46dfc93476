import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { type DeviceGroup, groupSessionsByDevice } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { queryClient } from '../../lib/query-client';
import { endOtherSessions, endSessions, sessionsQueryKey, useSessions } from './api';
import { invalidatePersonalTokens } from './personal-tokens-api';

/** What is being confirmed: one device's sessions, or every session but this one. */
type Pending = { kind: 'device'; group: DeviceGroup } | { kind: 'others' } | null;

const OTHERS_SIGNED_OUT = 'Every other device was signed out, and your personal access tokens were revoked.';

const sessionCount = (count: number) => `${count} ${count === 1 ? 'sign-in' : 'sign-ins'}`;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Signed-in devices (DECISIONS.md #27): one row per device however often it signed in (issue 36),
 * 'This device' marked, each signed out whole (this one's other sessions), or all others at once.
 */
export function SessionsSection() {
  const sessions = useSessions();
  const [pending, setPending] = useState<Pending>(null);
  const [working, setWorking] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const confirm = async () => {
    if (!pending) return;
    setWorking(true);
    setErrors([]);
    setDone(null);
    try {
      if (pending.kind === 'device') await endSessions(pending.group.otherSessionIds);
      else {
        // The server revokes the personal access tokens with the sessions (DECISIONS.md #75).
        await endOtherSessions();
        await invalidatePersonalTokens();
        setDone(OTHERS_SIGNED_OUT);
      }
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      setPending(null);
    } catch (failure) {
      setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
    } finally {
      setWorking(false);
    }
  };

  const list = sessions.data ?? [];
  const devices = groupSessionsByDevice(list);
  const others = list.filter((session) => !session.current).length;
  const affected = devices.filter((group) => group.otherSessionIds.length > 0).length;

  return (
    // The new-device e-mail links here (#signed-in-devices, DECISIONS.md #77).
    <Card withBorder radius="lg" p="lg" id="signed-in-devices">
      <Title order={2} fz="h4" mb={6}>
        Signed-in devices
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Where your account is signed in. A device you stop using is signed out by itself after a while.
      </Text>
      <Stack gap="sm">
        <ErrorList messages={errors} />
        <SuccessNote message={done} />
        {sessions.isPending && <Skeleton h={48} />}
        {sessions.isError && <ErrorList messages={[UNEXPECTED_ERROR]} />}
        {devices.map((group) => (
          <Group key={group.device} justify="space-between" wrap="nowrap" data-testid="session-row">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <IconDeviceDesktop size={22} aria-hidden />
              <div>
                <Group gap={6}>
                  <Text fw={600}>{group.device}</Text>
                  {group.current && (
                    <Badge size="sm" variant="light">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  Last active {when(group.lastUsedAt)}
                  {group.lastAddress ? ` from ${group.lastAddress}` : ''} · {sessionCount(group.sessionIds.length)} since{' '}
                  {when(group.firstSignedInAt)}
                </Text>
              </div>
            </Group>
            {group.otherSessionIds.length > 0 && (
              <Button size="xs" variant="default" onClick={() => setPending({ kind: 'device', group })}>
                {group.current ? 'Sign out the others' : 'Sign out'}
              </Button>
            )}
          </Group>
        ))}
        {others > 0 && (
          <Group>
            <Button variant="light" color="red" onClick={() => setPending({ kind: 'others' })}>
              Sign out all other devices
            </Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={pending !== null}
        onClose={() => !working && setPending(null)}
        title={pending?.kind === 'device' ? (pending.group.current ? 'Sign out the other sessions of this device?' : `Sign out ${pending.group.device}?`) : 'Sign out all other devices?'}
        centered
      >
        <Stack>
          <Text>
            {pending?.kind === 'device'
              ? pending.group.current
                ? `${pending.group.otherSessionIds.length} other ${pending.group.otherSessionIds.length === 1 ? 'sign-in' : 'sign-ins'} of ${pending.group.device} will end; this browser stays signed in.`
                : `${pending.group.device} will need to sign in again (${sessionCount(pending.group.otherSessionIds.length)}).`
              : `${sessionCount(others)} on ${affected} ${affected === 1 ? 'device' : 'devices'} will need to sign in again, and your personal access tokens are revoked: scripts using them will need a new one. This browser stays signed in.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)} disabled={working}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={working}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
