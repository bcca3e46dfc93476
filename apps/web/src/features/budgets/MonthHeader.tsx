import { ActionIcon, Group, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addMonths, monthName, type YearMonth } from '@mindspend/domain';

interface MonthHeaderProps {
  month: YearMonth;
  onChange: (next: YearMonth) => void;
}

/** Spec §2.5 header: 'This Month', previous and next arrows, 'Month Year'. */
export function MonthHeader({ month, onChange }: MonthHeaderProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Title order={2} fz="h3" style={{ whiteSpace: 'nowrap' }}>
        This Month
      </Title>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous month"
          onClick={() => onChange(addMonths(month, -1))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text fw={600} miw={124} ta="center" data-testid="budgets-month">
          {monthName(month.month)} {month.year}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next month"
          onClick={() => onChange(addMonths(month, 1))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
