import { Alert, PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSession } from '../../lib/use-session';

/**
 * False for an account single sign-on made, which has no password the person knows (DECISIONS.md
 * #81); a user stored by an older version (no `has_password`) has one.
 */
export function useHasPassword(): boolean {
  return useSession().user?.has_password !== false;
}

type CurrentPasswordFieldProps = Pick<
  PasswordInputProps,
  'value' | 'onChange' | 'error' | 'description' | 'style'
>;

/**
 * The "Current Password" of a sensitive change (DECISIONS.md #29, #75). An account without a
 * password confirms with a recent sign-in instead (#81): the field gives way to what to do, and the
 * server's refusal, if any, is shown there.
 */
export function CurrentPasswordField({
  value,
  onChange,
  error,
  description,
  style,
}: CurrentPasswordFieldProps) {
  if (useHasPassword()) {
    return (
      <PasswordInput
        label="Current Password"
        autoComplete="current-password"
        description={description}
        value={value}
        onChange={onChange}
        error={error}
        style={style}
      />
    );
  }
  return (
    <Alert
      color={error ? 'red' : 'blue'}
      variant="light"
      icon={<IconInfoCircle />}
      title="Confirmed by your sign-in"
      style={style}
    >
      {error ||
        'Your account has no password: it signs in with single sign-on. A sign-in of the last 5 minutes confirms this; if yours is older, sign out and in again first. “Forgot password” on the sign-in page sets a password.'}
    </Alert>
  );
}
