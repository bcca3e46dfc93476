import { Badge, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPencil } from '@tabler/icons-react';
import { PLAN_DETAILS, type Plan } from '@mindspend/domain';

interface PlanChoiceProps {
  value: Plan;
  onChange: (plan: Plan) => void;
  disabled?: boolean;
}

const DESCRIPTIONS: Record<Plan, string> = {
  free: 'Enter every transaction by hand.',
  budget_master: 'Automatic bank transaction imports and categorization.',
};

const PRICES: Record<Plan, string> = { free: 'Free', budget_master: '$9.99/month' };

/** The two plans of spec §1 as selectable cards. */
export function PlanChoice({ value, onChange, disabled }: PlanChoiceProps) {
  return (
    <Radio.Group
      label="Choose your plan"
      value={value}
      onChange={(next) => onChange(next === 'budget_master' ? 'budget_master' : 'free')}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
        {(['free', 'budget_master'] as const).map((plan) => (
          <Radio.Card key={plan} value={plan} p="md" radius="md" disabled={disabled} data-testid={`plan-${plan}`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <Stack gap={4}>
                <Group gap={6} wrap="nowrap" align="center">
                  {plan === 'free' ? <IconPencil size={16} /> : <IconFileImport size={16} />}
                  <Text fw={700} lh={1.2}>
                    {PLAN_DETAILS[plan].label}
                  </Text>
                </Group>
                <Badge variant="light" color={plan === 'free' ? 'gray' : 'teal'}>
                  {PRICES[plan]}
                </Badge>
                <Text size="xs" c="dimmed">
                  {DESCRIPTIONS[plan]}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
