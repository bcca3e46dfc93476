import { useState, type FormEvent } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuthResponse } from '@mindspend/api-contract';
import { hasErrors, validateLogin, type FieldErrors } from '@mindspend/domain';
import { AuthCard } from '../../components/AuthCard';
import { ErrorList } from '../../components/ErrorList';
import { LoadingScreen } from '../../components/LoadingScreen';
import { PageLoader } from '../../components/PageLoader';
import { ApiError } from '../../lib/api-client';
import { login, useAuthConfig } from './api';
import { authFailureMessages } from './auth-errors';
import { completeSignIn } from './complete-sign-in';
import { PasskeySignInButton } from './PasskeySignInButton';
import { SingleSignOnButton, SingleSignOnError } from './SingleSignOnButton';
import { TwoFactorStep } from './TwoFactorStep';

interface Progress {
  message: string;
  percent: number;
}

/**
 * Login screen of spec §2.2 with the full-page loading state of spec §4; with single sign-on set
 * up, its button, and with OIDC_ONLY, that button alone (DECISIONS.md #81).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const config = useAuthConfig();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [progress, setProgress] = useState<Progress | null>(null);
  // After the password was accepted for a user with two-factor on: the code step.
  const [askCode, setAskCode] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);

  const signIn = async (oneTimePassword?: string) => {
    setFailure([]);
    setCodeError(null);
    setProgress({ message: 'Signing you in.', percent: 20 });
    try {
      const answer = await login(email.trim(), password, oneTimePassword);
      if ('two_factor_required' in answer) {
        setProgress(null);
        setAskCode(true);
        return;
      }
      const auth = answer;
      setProgress({ message: 'Signed in.', percent: 45 });
      const destination = await completeSignIn(auth, remember, (message, percent) =>
        setProgress({ message, percent }),
      );
      void navigate(destination, { replace: true });
    } catch (error) {
      setProgress(null);
      const wrongCode = error instanceof ApiError ? error.fieldErrors.one_time_password?.[0] : undefined;
      if (wrongCode) setCodeError(wrongCode);
      else setFailure(authFailureMessages(error));
    }
  };

  // A passkey signs in on its own: no e-mail, password or code (DECISIONS.md #80).
  const signedInWithPasskey = async (auth: AuthResponse) => {
    setProgress({ message: 'Signed in.', percent: 45 });
    const destination = await completeSignIn(auth, remember, (message, percent) => setProgress({ message, percent }));
    void navigate(destination, { replace: true });
  };

  if (config.isPending) return <PageLoader />;
  // Without the server's answer, the password form (every server has it unless OIDC_ONLY).
  const passwords = config.data?.password ?? true;
  const singleSignOn = config.data?.oidc ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure([]);
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    await signIn();
  };

  return (
    <>
      {progress ? <LoadingScreen message={progress.message} percent={progress.percent} /> : null}
      {askCode ? (
        <AuthCard title="Two-factor sign-in" subtitle="One more step to keep your budget yours.">
          <TwoFactorStep
            busy={progress !== null}
            codeError={codeError}
            failure={failure}
            onSubmit={(code) => void signIn(code)}
            onBack={() => {
              setAskCode(false);
              setFailure([]);
              setCodeError(null);
            }}
          />
        </AuthCard>
      ) : (
        <AuthCard title="Welcome back" subtitle="Sign in to see your budgets and spending.">
          <Stack gap="md">
            <SingleSignOnError kind={searchParams.get('sso_error')} />
            {singleSignOn ? <SingleSignOnButton label={singleSignOn.label} remember={remember} /> : null}
            {singleSignOn && passwords ? (
              <Divider label="or with your password" labelPosition="center" />
            ) : null}
            {passwords ? (
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
                  <PasskeySignInButton
                    busy={progress !== null}
                    onStart={() => {
                      setFailure([]);
                      setProgress({ message: 'Waiting for your passkey.', percent: 20 });
                    }}
                    onSignedIn={(auth) => void signedInWithPasskey(auth)}
                    onFailure={(messages) => {
                      setProgress(null);
                      setFailure(messages);
                    }}
                  />
                  <Text size="sm" ta="center" c="dimmed">
                    <Anchor component={Link} to="/signup">
                      Don&apos;t have an account?
                    </Anchor>
                  </Text>
                </Stack>
              </form>
            ) : null}
          </Stack>
        </AuthCard>
      )}
    </>
  );
}
