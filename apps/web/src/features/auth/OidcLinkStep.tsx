import { useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorList } from '../../components/ErrorList';

interface OidcLinkStepProps {
  email: string;
  busy: boolean;
  passwordError: string | null;
  failure: string[];
  onSubmit: (password: string) => void;
}

/**
 * The password step of linking a single sign-on to the account with its e-mail (DECISIONS.md #81):
 * the provider vouches for the address, the password shows the account is the person's.
 */
export function OidcLinkStep({ email, busy, passwordError, failure, onSubmit }: OidcLinkStepProps) {
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorList messages={failure} />
        <Text size="sm">
          A Mindspend account with the address <strong>{email}</strong> already exists. Enter its password
          once to link it to your single sign-on; after that, single sign-on signs you in to it directly.
        </Text>
        <PasswordInput
          label="Password of your Mindspend account"
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={passwordError}
        />
        <Button type="submit" fullWidth size="md" loading={busy} disabled={!password}>
          Link and sign in
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Not your account, or no password?{' '}
          <Anchor component={Link} to="/password/reset">
            Set one with “Forgot password”
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/login">
            go back to sign-in
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}
