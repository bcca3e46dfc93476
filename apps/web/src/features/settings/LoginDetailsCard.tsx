import { useEffect, useState } from 'react';
import { ActionIcon, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { SuccessNote } from '../../components/SuccessNote';
import { PasswordEditForm } from './PasswordEditForm';

export const PASSWORD_UPDATED = 'Password updated successfully!';
const SUCCESS_MS = 3000;

interface LoginDetailsCardProps {
  email: string;
  startEditing: boolean;
}

/** Login email and masked password with its edit mode (spec §4 "Password edit"). */
export function LoginDetailsCard({ email, startEditing }: LoginDetailsCardProps) {
  const navigate = useNavigate();
  // Edit mode follows the route (spec §2.1 editPassword), so the pencil and the URL agree.
  const editing = startEditing;
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return undefined;
    const timer = window.setTimeout(() => setSaved(false), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const stopEditing = (didSave: boolean) => {
    setSaved(didSave);
    void navigate('/settings', { replace: true });
  };

  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={2} fz="h4" mb="md">
        Login details
      </Title>
      <Stack gap="md">
        <SuccessNote message={saved ? PASSWORD_UPDATED : null} />
        <div>
          <Text size="sm" c="dimmed">
            Email
          </Text>
          <Text fw={600} data-testid="settings-email">
            {email}
          </Text>
        </div>
        {editing ? (
          <PasswordEditForm onCancel={() => stopEditing(false)} onSaved={() => stopEditing(true)} />
        ) : (
          <div>
            <Text size="sm" c="dimmed">
              Password
            </Text>
            <Group gap="xs">
              <Text fw={600} aria-label="Password hidden" style={{ letterSpacing: 2 }}>
                ••••••••••
              </Text>
              <Tooltip label="Edit password">
                <ActionIcon variant="subtle" aria-label="Edit password" onClick={() => {
                    setSaved(false);
                    void navigate('/settings/password/edit');
                  }}>
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </div>
        )}
      </Stack>
    </Card>
  );
}
