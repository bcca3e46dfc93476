import { Stack, Text } from '@mantine/core';
import { AuthCard } from '../../components/AuthCard';
import { SignInPrompt } from './SignInPrompt';
import { SingleSignOnButton } from './SingleSignOnButton';

/**
 * The sign-up page of a server with OIDC_ONLY (DECISIONS.md #81): no form, as the server takes no
 * password sign-up; a first single sign-on makes the account.
 */
export function SingleSignOnSignup({ label }: { label: string }) {
  return (
    <AuthCard title="Create your account">
      <Stack gap="md">
        <Text size="sm">
          Accounts on this server are made with single sign-on: signing in for the first time creates yours.
        </Text>
        <SingleSignOnButton label={label} remember={false} />
        <SignInPrompt />
      </Stack>
    </AuthCard>
  );
}
