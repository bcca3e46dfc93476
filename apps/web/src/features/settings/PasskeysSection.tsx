import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Modal, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconFingerprint, IconTrash } from '@tabler/icons-react';
import type { Passkey } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { browserSupportsPasskeys } from '../../lib/passkeys';
import { useRemoval } from '../../lib/use-removal';
import { AddPasskeyForm } from './AddPasskeyForm';
import { deletePasskey, invalidatePasskeys, usePasskeys } from './passkeys-api';
import { formatTokenTime } from './personal-tokens-api';

/**
 * Passkeys (DECISIONS.md #80): each one the person added, with when it was added and last signed
 * in; add another (password first), remove one after a confirmation.
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const removal = useRemoval(async (passkey: Passkey) => {
    await deletePasskey(passkey.id);
    await invalidatePasskeys();
  });
  const supported = browserSupportsPasskeys();

  return (
    // The notice of a new passkey points here (Settings → Passkeys).
    <Card withBorder radius="lg" p="lg" id="passkeys" data-testid="passkeys-section">
      <Title order={2} fz="h4" mb={6}>
        Passkeys
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Sign in with your fingerprint, face or device PIN instead of your password. A passkey counts as both
        factors, so no two-factor code is asked. Adding one asks for your password and e-mails you a notice.
      </Text>
      <Stack gap="sm">
        <SuccessNote message={added} />
        <PasskeyList
          passkeys={passkeys.data?.passkeys}
          failed={passkeys.isError}
          onRemove={removal.setRemoving}
        />
        {!supported && <Text size="sm">This browser cannot use passkeys; add them from one that can.</Text>}
        {supported && !adding && (
          <Group>
            <Button
              leftSection={<IconFingerprint size={16} />}
              onClick={() => {
                setAdded(null);
                setAdding(true);
              }}
            >
              Add a passkey
            </Button>
          </Group>
        )}
        {adding && (
          <AddPasskeyForm
            onCancel={() => setAdding(false)}
            onAdded={(passkey) => {
              setAdding(false);
              setAdded(`Passkey “${passkey.name}” added. You can sign in with it now.`);
              void invalidatePasskeys();
            }}
          />
        )}
      </Stack>
      {removal.removing && (
        <Modal
          opened
          onClose={() => !removal.busy && removal.setRemoving(null)}
          title="Remove this passkey?"
          centered
        >
          <Stack>
            <Text>
              “{removal.removing.name}” will no longer sign you in. Remove it from the device too, in its
              passwords or passkeys settings.
            </Text>
            <ErrorList messages={removal.errors} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => removal.setRemoving(null)} disabled={removal.busy}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={removal.busy}
                onClick={() => removal.removing && void removal.remove(removal.removing)}
              >
                Remove passkey
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Card>
  );
}

function PasskeyList({
  passkeys,
  failed,
  onRemove,
}: {
  passkeys: Passkey[] | undefined;
  failed: boolean;
  onRemove: (passkey: Passkey) => void;
}) {
  if (failed) return <ErrorList messages={['Your passkeys could not be loaded. Please reload the page.']} />;
  if (!passkeys)
    return (
      <Text size="sm" c="dimmed">
        Loading passkeys…
      </Text>
    );
  if (passkeys.length === 0)
    return (
      <Text size="sm" c="dimmed">
        You have no passkeys.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" data-testid="passkey-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passkeys.map((passkey) => (
            <Table.Tr key={passkey.id} data-testid="passkey-row">
              <Table.Td>{passkey.name}</Table.Td>
              <Table.Td>{formatTokenTime(passkey.created_at)}</Table.Td>
              <Table.Td>{formatTokenTime(passkey.last_used_at)}</Table.Td>
              <Table.Td>
                <Tooltip label={`Remove ${passkey.name}`}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${passkey.name}`}
                    onClick={() => onRemove(passkey)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
