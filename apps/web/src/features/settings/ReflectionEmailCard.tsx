import { useEffect, useState } from 'react';
import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { refreshUser, saveReflectionEmail } from './api';

/** The monthly reflection e-mail (DECISIONS.md #59): off until the person turns it on. */
export function ReflectionEmailCard({ userId, on }: { userId: number; on: boolean }) {
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The e-mail's unsubscribe link turns it off outside the app (DECISIONS.md #60): read the user
  // again when Settings opens, so the switch shows what the server holds, not the sign-in's copy.
  useEffect(() => {
    void refreshUser().catch(() => undefined);
  }, []);

  const change = async (next: boolean) => {
    setBusy(true);
    setErrors([]);
    setSaved(null);
    try {
      await saveReflectionEmail(userId, next);
      setSaved(next ? 'The monthly reflection e-mail is on.' : 'The monthly reflection e-mail is off.');
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" data-testid="reflection-email-setting">
      <Title order={2} fz="h4" mb="xs">
        Monthly reflection e-mail
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          On the 1st of each month, an e-mail looks back on the month before: how your spending felt, each purpose against
          your targets, the payees you regretted most, what changed on a second look, and your reflection (or a link to
          write it). Months without spending send nothing. Every e-mail has a link to unsubscribe.
        </Text>
        <Switch
          label="Monthly reflection e-mail"
          checked={on}
          onChange={(event) => void change(event.currentTarget.checked)}
          disabled={busy}
        />
        <SuccessNote message={saved} />
        <ErrorList messages={errors} />
      </Stack>
    </Card>
  );
}
