import { Badge, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IllustrationRing } from './IllustrationRing';
import { IconBolt, IconHome, IconShoppingCart, IconToolsKitchen2 } from '@tabler/icons-react';

const ROWS = [
  { Icon: IconShoppingCart, name: 'Groceries', spent: 312, budget: 450, color: 'teal' },
  { Icon: IconHome, name: 'Rent', spent: 1400, budget: 1400, color: 'blue' },
  { Icon: IconToolsKitchen2, name: 'Dining out', spent: 188, budget: 200, color: 'yellow' },
  { Icon: IconBolt, name: 'Electric', spent: 0, budget: 95, color: 'gray' },
];

/** An illustration of the budgets screen, drawn with components (no images: strict CSP). */
export function BudgetPreview() {
  return (
    <Paper shadow="xl" radius="xl" p="lg" withBorder aria-hidden style={{ transform: 'rotate(-1deg)' }}>
      <Group justify="space-between" mb="md">
        <div>
          <Text fw={800}>May Planned Spending</Text>
          <Text size="xs" c="dimmed">
            Day 18 of 31 days this month
          </Text>
        </div>
        <IllustrationRing
          size={74}
          thickness={8}
          percent={68}
          color="teal"
          label={
            <Text ta="center" fw={700} size="xs">
              68%
            </Text>
          }
        />
      </Group>
      <Stack gap="sm">
        {ROWS.map(({ Icon, ...row }) => (
          <Paper key={row.name} p="sm" radius="md" bg="var(--mindspend-color-subtle)">
            <Group justify="space-between" mb={6} wrap="nowrap">
              <Group gap={8} wrap="nowrap">
                <ThemeIcon size={24} radius="md" variant="light" color={row.color}>
                  <Icon size={15} />
                </ThemeIcon>
                <Text fw={600} size="sm">
                  {row.name}
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" c="dimmed">
                  ${row.spent} / ${row.budget}
                </Text>
                {row.spent >= row.budget ? (
                  <Badge size="xs" color="teal">
                    Paid
                  </Badge>
                ) : null}
              </Group>
            </Group>
            <Progress value={(row.spent / row.budget) * 100} color={row.color} radius="xl" size="sm" />
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
