import type { ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface ShownOnceSecretProps {
  title: string;
  icon: ReactNode;
  /** What to do with it, e.g. "Copy it now: it is shown only once and cannot be seen again." */
  advice: string;
  value: string;
  /** The alert's test id; the value's is the same with `-value`. */
  testId: string;
  onDone: () => void;
}

/**
 * A secret the server answers once and keeps only hashed or sealed (a personal token, a webhook's
 * signing secret): shown with a Copy button until the person says Done. It wraps on a phone.
 */
export function ShownOnceSecret({ title, icon, advice, value, testId, onDone }: ShownOnceSecretProps) {
  return (
    <Alert color="green" icon={icon} title={title} data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{advice}</Text>
        <Group gap="xs" align="flex-start">
          <Code block style={{ flex: '1 1 220px', minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={`${testId}-value`}>
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : 'blue'}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button size="xs" variant="subtle" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
