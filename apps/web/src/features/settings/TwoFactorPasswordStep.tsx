import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import type { TwoFactorSetupResponse } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { startTwoFactor } from './api';
import { currentPasswordProblem } from './current-password-errors';
import { CurrentPasswordField, useHasPassword } from './CurrentPasswordField';

/**
 * The first step of turning two-factor on: the current password (DECISIONS.md #75), so a session
 * left open elsewhere cannot put someone else's authenticator on the account. Answers the secret
 * and its QR code, drawn in the browser so the secret goes to no other service.
 */
export function TwoFactorPasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TwoFactorSetupResponse, qr: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const hasPassword = useHasPassword();

  const submit = async () => {
    setBusy(true);
    setErrors([]);
    setPasswordError(null);
    try {
      const setup = await startTwoFactor(password);
      const qr = await QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 200 });
      onStarted(setup, qr);
    } catch (failure) {
      const wrong = currentPasswordProblem(failure);
      if (wrong) setPasswordError(wrong);
      else setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (password || !hasPassword) void submit();
      }}
      noValidate
    >
      <Stack gap="sm" maw={360}>
        {hasPassword ? <Text size="sm">Enter your password to set up two-factor sign-in.</Text> : null}
        <ErrorList messages={errors} />
        <CurrentPasswordField
          value={password}
          error={passwordError}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={busy} disabled={hasPassword && !password}>
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
