import { Badge, Group, Paper, Text } from '@mantine/core';
import {
  IconBarbell,
  IconBolt,
  IconBriefcase,
  IconCar,
  IconDeviceMobile,
  IconDroplet,
  IconGift,
  IconHome,
  IconSchool,
  IconShoppingCart,
  IconStethoscope,
  IconToolsKitchen2,
} from '@tabler/icons-react';

const CATEGORIES = [
  [IconShoppingCart, 'Groceries', 'teal'],
  [IconToolsKitchen2, 'Dining', 'orange'],
  [IconHome, 'Rent', 'blue'],
  [IconBolt, 'Electric', 'yellow'],
  [IconDroplet, 'Water', 'cyan'],
  [IconDeviceMobile, 'Cell phone', 'grape'],
  [IconBriefcase, 'Paycheck', 'green'],
  [IconBarbell, 'Gym', 'red'],
  [IconStethoscope, 'Healthcare', 'pink'],
  [IconCar, 'Auto loan', 'indigo'],
  [IconSchool, 'Student loans', 'violet'],
  [IconGift, 'Charity', 'lime'],
] as const;

/** Category chips with their icons, as the ledger shows them. */
export function CategoriesIllustration() {
  return (
    <Paper radius="xl" p="xl" withBorder shadow="md" aria-hidden bg="var(--mindspend-color-subtle)">
      <Text fw={700} mb="md">
        Categories
      </Text>
      <Group gap="xs">
        {CATEGORIES.map(([Icon, name, color]) => (
          <Badge
            key={name}
            size="lg"
            radius="md"
            variant="light"
            color={color}
            tt="none"
            fw={600}
            leftSection={<Icon size={14} />}
          >
            {name}
          </Badge>
        ))}
      </Group>
    </Paper>
  );
}
