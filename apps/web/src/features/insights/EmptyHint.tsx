import type { ReactNode } from 'react';
import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';

/** An empty figure's explanation, with the way to the ledger where it gets filled. */
export function EmptyHint({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mindspend-color-subtle)" data-testid="insight-empty">
      <Text size="sm">
        {children}{' '}
        <Anchor component={Link} to="/ledger">
          Open the ledger
        </Anchor>
      </Text>
    </Paper>
  );
}
