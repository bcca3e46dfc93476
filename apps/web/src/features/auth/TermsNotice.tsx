import { Anchor, Text } from '@mantine/core';

/** Registration's terms notice; the terms open in a new tab (spec §2.1). */
export function TermsNotice() {
  return (
    <Text size="xs" c="dimmed" ta="center">
      By creating an account you agree to our{' '}
      <Anchor href="/terms" target="_blank" rel="noopener noreferrer" size="xs">
        Terms and Conditions
      </Anchor>
      .
    </Text>
  );
}
