import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconMoodHappy, IconMoodNeutral, IconMoodSad, IconMoodConfuzed } from '@tabler/icons-react';

const FEELINGS = [
  { label: 'Felt good', percent: 54, color: 'teal', Icon: IconMoodHappy },
  { label: 'No strong feelings', percent: 26, color: 'gray', Icon: IconMoodNeutral },
  { label: 'Mixed feelings', percent: 12, color: 'yellow', Icon: IconMoodConfuzed },
  { label: 'Regretted it', percent: 8, color: 'red', Icon: IconMoodSad },
] as const;

/** How this month's spending felt: the emotion breakdown, as whole-number percentages. */
export function SaveIllustration() {
  return (
    <Paper radius="xl" p="xl" withBorder shadow="md" aria-hidden>
      <Text fw={700} mb="md">
        How did this month&apos;s spending feel?
      </Text>
      <Stack gap="sm">
        {FEELINGS.map(({ label, percent, color, Icon }) => (
          <div key={label}>
            <Group justify="space-between" mb={4}>
              <Group gap={6}>
                <Icon size={18} color={`var(--mantine-color-${color}-6)`} />
                <Text size="sm">{label}</Text>
              </Group>
              <Text size="sm" fw={700}>
                {percent}%
              </Text>
            </Group>
            <Progress value={percent} color={color} radius="xl" />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
