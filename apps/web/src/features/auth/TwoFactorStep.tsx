import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { ErrorList } from '../../components/ErrorList';

interface TwoFactorStepProps {
  busy: boolean;
  /** The server's message for a wrong code, shown under the field. */
  codeError: string | null;
  failure: string[];
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/** Second step of signing in with two-factor on (DECISIONS.md #28): an app code or a recovery code. */
export function TwoFactorStep({ busy, codeError, failure, onSubmit, onBack }: TwoFactorStepProps) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onSubmit(code.trim());
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorList messages={failure} />
        <Text size="sm">
          {recovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </Text>
        <TextInput
          key={recovery ? 'recovery' : 'app'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          leftSection={<IconShieldLock size={16} />}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 32 : 6}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={codeError}
        />
        <Button type="submit" fullWidth size="md" loading={busy} disabled={!code.trim()}>
          Verify
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
            }}
          >
            {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
