import { ActionIcon, Button, Group, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addMonths, monthName, type YearMonth } from '@mindspend/domain';
import { canGoToNextMonth } from '../../shared/ledger-shell/ledger-paths';

interface MonthBarProps {
  month: YearMonth;
  current: YearMonth;
  onChange: (month: YearMonth) => void;
}

/** Spec §2.3, §4: 'Today', previous, next (disabled in the future) and the 'Month Year' label. */
export function MonthBar({ month, current, onChange }: MonthBarProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      {/* Its whole label beside a long month name on a phone (issue 29). */}
      <Button variant="default" size="sm" onClick={() => onChange(current)} style={{ flexShrink: 0 }}>
        Today
      </Button>
      <ActionIcon variant="default" size="lg" aria-label="Previous month" style={{ flexShrink: 0 }} onClick={() => onChange(addMonths(month, -1))}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Next month"
        style={{ flexShrink: 0 }}
        disabled={!canGoToNextMonth(month, current)}
        onClick={() => onChange(addMonths(month, 1))}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
      <Title order={2} fz="h3" ml="xs" data-testid="ledger-month">
        {monthName(month.month)} {month.year}
      </Title>
    </Group>
  );
}
