import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';

const FIGURES = [
  ['Total Budgeted', '$2,845', undefined],
  ['Spent', '$1,902', 'orange'],
  ['Unpaid Bills', '$310', 'red'],
  ['Potential Savings', '$633', 'teal'],
] as const;

const BARS = [64, 88, 40, 100, 72, 55];

/** Overview figures and a small bar chart drawn in SVG. */
export function BudgetsIllustration() {
  return (
    <Paper radius="xl" p="xl" withBorder shadow="md" aria-hidden>
      <SimpleGrid cols={2} spacing="sm" mb="lg">
        {FIGURES.map(([label, value, color]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={800} fz={22} c={color}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <svg viewBox="0 0 300 110" width="100%" role="presentation">
        {BARS.map((height, index) => (
          <rect
            key={index}
            x={12 + index * 48}
            y={100 - height}
            width={30}
            height={height}
            rx={6}
            fill={height >= 100 ? 'var(--mantine-color-red-5)' : 'var(--mantine-color-teal-5)'}
            opacity={0.85}
          />
        ))}
        <line x1="0" y1="100.5" x2="300" y2="100.5" stroke="var(--mantine-color-default-border)" />
      </svg>
      <Group justify="space-between">
        {['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'].map((m) => (
          <Text key={m} size="xs" c="dimmed" w={40} ta="center">
            {m}
          </Text>
        ))}
      </Group>
    </Paper>
  );
}
