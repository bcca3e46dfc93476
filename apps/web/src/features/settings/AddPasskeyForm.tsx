import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PASSKEY_NAME_MAX, type Passkey } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { currentPasswordProblem } from './current-password-errors';
import { addPasskey, passkeyFailureMessages } from './passkeys-api';

/**
 * Adding a passkey: a name and the current password (DECISIONS.md #75, #80), so a session left
 * open elsewhere cannot leave a way in behind; then the browser asks for the fingerprint, face or PIN.
 */
export function AddPasskeyForm({
  onAdded,
  onCancel,
}: {
  onAdded: (passkey: Passkey) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async () => {
    setBusy(true);
    setErrors([]);
    setPasswordError(null);
    try {
      onAdded(await addPasskey(password, name));
    } catch (failure) {
      const wrong = currentPasswordProblem(failure);
      if (wrong) setPasswordError(wrong);
      else setErrors(passkeyFailureMessages(failure));
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (password) void submit();
      }}
      noValidate
      aria-label="Add a passkey"
    >
      <Stack gap="sm" maw={420}>
        <Text size="sm">
          Name the passkey after the device or key that holds it, and enter your password.
        </Text>
        <ErrorList messages={errors} />
        <TextInput
          label="Passkey name"
          placeholder="e.g. MacBook Touch ID"
          description="Left empty, it is named after this browser and device."
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={busy} disabled={!password}>
            Continue
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
