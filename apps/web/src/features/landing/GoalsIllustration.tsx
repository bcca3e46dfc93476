import { Group, Paper, Stack, Text } from '@mantine/core';
import { IllustrationRing } from './IllustrationRing';

const GOALS = [
  { name: 'Emergency fund', saved: 3200, target: 5000, color: 'teal' },
  { name: 'Trip to Japan', saved: 1100, target: 4000, color: 'grape' },
] as const;

/** Two saving goals with their progress rings. */
export function GoalsIllustration() {
  return (
    <Paper radius="xl" p="xl" withBorder shadow="md" aria-hidden>
      <Stack gap="lg">
        {GOALS.map((goal) => {
          const percent = Math.round((goal.saved / goal.target) * 100);
          return (
            <Group key={goal.name} wrap="nowrap">
              <IllustrationRing
                size={90}
                thickness={10}
                percent={percent}
                color={goal.color}
                label={
                  <Text ta="center" fw={800} size="sm">
                    {percent}%
                  </Text>
                }
              />
              <div>
                <Text fw={700}>{goal.name}</Text>
                <Text size="sm" c="dimmed">
                  ${goal.saved.toLocaleString('en-US')} of ${goal.target.toLocaleString('en-US')}
                </Text>
                <Text size="sm" c={goal.color} fw={600}>
                  ${Math.ceil((goal.target - goal.saved) / 8).toLocaleString('en-US')} a month to reach it
                </Text>
              </div>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
