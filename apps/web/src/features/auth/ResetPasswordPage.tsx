import { useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { hasErrors, validateResetPassword } from '@mindspend/domain';
import { AuthCard } from '../../components/AuthCard';
import { ErrorList } from '../../components/ErrorList';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { SuccessNote } from '../../components/SuccessNote';
import { decodeBase64Segment } from '../../lib/base64';
import { resetPassword } from './api';
import { authFailureMessages } from './auth-errors';
import { PASSPHRASE_HINT } from '../../lib/password-strength';

/** Reset password (spec §2.1): token and base64 e-mail from the link pre-fill the form. */
export function ResetPasswordPage() {
  const params = useParams();
  const token = params.token ?? '';
  const [email, setEmail] = useState(() => decodeBase64Segment(params.email ?? ''));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { email: email.trim(), password, password_confirmation: confirmation, token };
    const clientErrors = validateResetPassword(body);
    setErrors([...new Set(Object.values(clientErrors).flat())]);
    if (hasErrors(clientErrors)) {
      setSuccess(null);
      return;
    }
    setSending(true);
    try {
      const answer = await resetPassword(body);
      setSuccess(answer.message);
      setPassword('');
      setConfirmation('');
    } catch (error) {
      // Spec §8: each response message is shown and the success message cleared.
      setSuccess(null);
      setErrors(authFailureMessages(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <ErrorList messages={errors} />
          <SuccessNote message={success} />
          {success ? (
            <Button component={Link} to="/login" variant="light" fullWidth>
              Sign in with your new password
            </Button>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            leftSection={<IconMail size={16} />}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={PASSPHRASE_HINT}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordStrengthMeter password={password} hints={[email]} />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth size="md" loading={sending}>
            Reset Password
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/password/reset">
              Need a new link?
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
