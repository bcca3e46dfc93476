import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { hasErrors, validateLogin, type FieldErrors } from '@mindspend/domain';
import { AuthCard } from '../../components/AuthCard';
import { ErrorList } from '../../components/ErrorList';
import { LoadingScreen } from '../../components/LoadingScreen';
import { login } from './api';
import { authFailureMessages } from './auth-errors';
import { completeSignIn } from './complete-sign-in';

interface Progress {
  message: string;
  percent: number;
}

/** Login screen of spec §2.2 with the full-page loading state of spec §4. */
export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [progress, setProgress] = useState<Progress | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure([]);
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    setProgress({ message: 'Signing you in.', percent: 20 });
    try {
      const auth = await login(email.trim(), password);
      setProgress({ message: 'Signed in.', percent: 45 });
      const destination = await completeSignIn(auth, remember, (message, percent) =>
        setProgress({ message, percent }),
      );
      void navigate(destination, { replace: true });
    } catch (error) {
      setProgress(null);
      setFailure(authFailureMessages(error));
    }
  };

  return (
    <>
      {progress ? <LoadingScreen message={progress.message} percent={progress.percent} /> : null}
      <AuthCard title="Welcome back" subtitle="Sign in to see your budgets and spending.">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <ErrorList messages={failure} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              leftSection={<IconMail size={16} />}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldErrors.email?.[0]}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              leftSection={<IconLock size={16} />}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fieldErrors.password?.[0]}
            />
            <Group justify="space-between">
              <Checkbox
                label="Remember me"
                checked={remember}
                onChange={(event) => setRemember(event.currentTarget.checked)}
              />
              <Anchor component={Link} to="/password/reset" size="sm">
                Forgot Your Password?
              </Anchor>
            </Group>
            <Button type="submit" fullWidth size="md" loading={progress !== null}>
              Sign in
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              <Anchor component={Link} to="/signup">
                Don&apos;t have an account?
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthCard>
    </>
  );
}
