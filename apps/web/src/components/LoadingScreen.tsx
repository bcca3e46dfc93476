import { Center, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';

interface LoadingScreenProps {
  message: string;
  /** 0 to 100 (spec §9). */
  percent: number;
}

/** Full-page loading state with a message and a percent bar (spec §2.2). */
export function LoadingScreen({ message, percent }: LoadingScreenProps) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <Center
      role="status"
      aria-live="polite"
      pos="fixed"
      inset={0}
      style={{ zIndex: 1000, background: 'var(--mantine-color-body)' }}
    >
      <Paper p="xl" radius="lg" withBorder shadow="md" w={360} maw="90vw">
        <Stack gap="md" align="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconWallet size={30} />
          </ThemeIcon>
          <Text fw={600} ta="center" data-testid="loading-message">
            {message}
          </Text>
          <Group w="100%" gap="sm" wrap="nowrap">
            <Progress value={value} flex={1} size="lg" radius="xl" striped animated aria-label="Progress" />
            <Text size="sm" c="dimmed" w={44} ta="right">
              {value}%
            </Text>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
