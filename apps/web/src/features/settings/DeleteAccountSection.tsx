import { useState } from 'react';
import { Anchor, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/logout';
import { deleteUser } from './api';
import { currentPasswordProblem } from './current-password-errors';
import { CurrentPasswordField, useHasPassword } from './CurrentPasswordField';

/** 'Delete Account and All Data' with a confirmation; the user is logged out afterwards. */
export function DeleteAccountSection({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const hasPassword = useHasPassword();

  const close = () => {
    if (deleting) return;
    setOpen(false);
    setPassword('');
    setPasswordError(null);
  };

  const confirm = async () => {
    setDeleting(true);
    setPasswordError(null);
    try {
      await deleteUser(userId, password);
      await logout();
      void navigate('/login', { replace: true });
    } catch (error) {
      // A wrong password (or too many) is the user's to fix; any other failure is only logged (spec §8).
      const wrongPassword = currentPasswordProblem(error);
      if (wrongPassword) setPasswordError(wrongPassword);
      else console.error('Account deletion failed', error);
      setDeleting(false);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={2} fz="h4" mb={6}>
        Your data
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Deleting your account removes your login and every account, transaction and budget you keep in Mindspend. This cannot be undone.
      </Text>
      <Anchor component="button" type="button" c="red" fw={600} onClick={() => setOpen(true)}>
        <Group gap={6}>
          <IconTrash size={16} />
          Delete Account and All Data
        </Group>
      </Anchor>
      <Modal opened={open} onClose={close} title="Delete your account?" centered>
        <Stack>
          <Text>Your account and all of its data will be permanently deleted. This cannot be undone.</Text>
          <CurrentPasswordField
            description="Enter your password to confirm it is you."
            value={password}
            error={passwordError}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={deleting} disabled={hasPassword && !password}>
              Delete Account and All Data
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
