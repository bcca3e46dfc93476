import { useEffect, useRef, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { AuthResponse, LoginResponse } from '@mindspend/api-contract';
import { AuthCard } from '../../components/AuthCard';
import { ErrorList } from '../../components/ErrorList';
import { LoadingScreen } from '../../components/LoadingScreen';
import { ApiError } from '../../lib/api-client';
import { exchangeOidcCode, linkOidcIdentity } from './api';
import { authFailureMessages } from './auth-errors';
import { completeSignIn } from './complete-sign-in';
import { OidcLinkStep } from './OidcLinkStep';
import { takeHandoverCode, takeSingleSignOnChoice } from './single-sign-on';
import { TwoFactorStep } from './TwoFactorStep';

type Stage = { name: 'exchanging' } | { name: 'link'; email: string } | { name: 'code' } | { name: 'failed' };

/** The server's words for a code used, expired or refused (400, 404, 409), else the sign-in's. */
function failureMessages(error: unknown): string[] {
  if (error instanceof ApiError && [400, 404, 409].includes(error.status) && error.serverMessage)
    return [error.serverMessage];
  return authFailureMessages(error);
}

/**
 * /auth/oidc, where single sign-on comes back (DECISIONS.md #81): the hand-over code of the URL's
 * fragment is exchanged for the session (then the app opens as after a password sign-in), or, for
 * an account that already has the provider's e-mail, the password confirms the link first.
 */
export function OidcSignInPage() {
  const navigate = useNavigate();
  const [code] = useState(takeHandoverCode);
  const [remember] = useState(takeSingleSignOnChoice);
  const [stage, setStage] = useState<Stage>(code ? { name: 'exchanging' } : { name: 'failed' });
  const [progress, setProgress] = useState<{ message: string; percent: number } | null>(null);
  const [failure, setFailure] = useState<string[]>(
    code ? [] : ['This page is only reached from single sign-on. Please sign in again.'],
  );
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  // The code works once: the exchange must not run twice (React runs effects twice in development).
  const exchanged = useRef(false);

  const finish = async (auth: AuthResponse) => {
    setProgress({ message: 'Signed in.', percent: 45 });
    const destination = await completeSignIn(auth, remember, (message, percent) =>
      setProgress({ message, percent }),
    );
    void navigate(destination, { replace: true });
  };

  const fail = (error: unknown) => {
    setProgress(null);
    setFailure(failureMessages(error));
    setStage({ name: 'failed' });
  };

  useEffect(() => {
    if (!code || exchanged.current) return;
    exchanged.current = true;
    setProgress({ message: 'Finishing single sign-on.', percent: 20 });
    exchangeOidcCode(code)
      .then((answer) => {
        if ('link_required' in answer) {
          setProgress(null);
          setStage({ name: 'link', email: answer.email });
          return undefined;
        }
        return finish(answer);
      })
      .catch(fail);
    // Runs once, for the code the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const link = async (currentPassword: string, oneTimePassword?: string) => {
    if (!code) return;
    setPassword(currentPassword);
    setFailure([]);
    setFieldError(null);
    setProgress({ message: 'Linking your account.', percent: 20 });
    let answer: LoginResponse;
    try {
      answer = await linkOidcIdentity(code, currentPassword, oneTimePassword);
    } catch (error) {
      setProgress(null);
      const field =
        error instanceof ApiError
          ? (error.fieldErrors.current_password ?? error.fieldErrors.one_time_password)?.[0]
          : undefined;
      if (field) setFieldError(field);
      else if (error instanceof ApiError && error.status === 400) fail(error);
      else setFailure(failureMessages(error));
      return;
    }
    if ('two_factor_required' in answer) {
      setProgress(null);
      setStage({ name: 'code' });
      return;
    }
    await finish(answer).catch(fail);
  };

  return (
    <>
      {progress ? <LoadingScreen message={progress.message} percent={progress.percent} /> : null}
      {stage.name === 'link' ? (
        <AuthCard
          title="Link your account"
          subtitle="One time only: then single sign-on signs you in directly."
        >
          <OidcLinkStep
            email={stage.email}
            busy={progress !== null}
            passwordError={fieldError}
            failure={failure}
            onSubmit={(typed) => void link(typed)}
          />
        </AuthCard>
      ) : null}
      {stage.name === 'code' ? (
        <AuthCard title="Two-factor sign-in" subtitle="One more step to keep your budget yours.">
          <TwoFactorStep
            busy={progress !== null}
            codeError={fieldError}
            failure={failure}
            onSubmit={(oneTime) => void link(password, oneTime)}
            onBack={() => setStage({ name: 'failed' })}
          />
        </AuthCard>
      ) : null}
      {stage.name === 'failed' ? (
        <AuthCard title="Single sign-on" subtitle="You are not signed in.">
          <Stack gap="md">
            <ErrorList messages={failure} />
            <Button component={Link} to="/login" fullWidth size="md">
              Back to sign-in
            </Button>
          </Stack>
        </AuthCard>
      ) : null}
    </>
  );
}
