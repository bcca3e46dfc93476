import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { hasErrors, validateForgotPassword } from '@mindspend/domain';
import { AuthCard } from '../../components/AuthCard';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { forgotPassword } from './api';
import { authFailureMessages } from './auth-errors';

export const RESET_LINK_SENT = 'Reset password email sent successfully.';

/** Forgot password (spec §2.2): asks the server to e-mail a reset link. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const clientErrors = validateForgotPassword({ email });
    setErrors(Object.values(clientErrors).flat());
    if (hasErrors(clientErrors)) return;
    setSending(true);
    try {
      await forgotPassword(email.trim());
      setSuccess(RESET_LINK_SENT);
    } catch (error) {
      setErrors(authFailureMessages(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard title="Reset your password" subtitle="We will e-mail you a link to choose a new password.">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <ErrorList messages={errors} />
          <SuccessNote message={success} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            leftSection={<IconMail size={16} />}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth size="md" loading={sending}>
            Send Password Reset Link
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
