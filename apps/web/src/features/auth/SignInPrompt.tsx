import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** "Already have an account? Sign in": the way from every sign-up screen to the login page. */
export function SignInPrompt() {
  return (
    <Text size="sm" ta="center" c="dimmed">
      Already have an account?{' '}
      <Anchor component={Link} to="/login">
        Sign in
      </Anchor>
    </Text>
  );
}
