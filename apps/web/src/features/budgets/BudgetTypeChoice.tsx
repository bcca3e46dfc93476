import { Group, Radio } from '@mantine/core';

interface BudgetTypeChoiceProps {
  value: 0 | 1;
  onChange: (dueInFull: 0 | 1) => void;
  label?: string;
}

/** Flexible expense (ongoing, due_in_full 0: the default of spec §9) or bill (due in full). */
export function BudgetTypeChoice({ value, onChange, label = 'Type' }: BudgetTypeChoiceProps) {
  return (
    <Radio.Group label={label} value={String(value)} onChange={(next) => onChange(next === '1' ? 1 : 0)}>
      <Group mt={4}>
        <Radio value="0" label="Flexible expense" />
        <Radio value="1" label="Bill" />
      </Group>
    </Radio.Group>
  );
}
