import { Button, Group, Input } from '@mantine/core';
import { FEELINGS, toggleFeeling, type Feeling } from '@mindspend/domain';
import { FeelingIcon } from './FeelingIcon';

interface FeelingPickerProps {
  value: Feeling | null;
  onChange: (value: Feeling | null) => void;
  /** The question asked; the second look asks how it feels now. */
  label?: string;
}

/** 'How did this purchase feel?': one feeling at most; clicking the chosen one clears it (spec §4). */
export function FeelingPicker({ value, onChange, label = 'How did this purchase feel?' }: FeelingPickerProps) {
  return (
    <Input.Wrapper label={label} id="feeling-picker">
      <Group gap="xs" mt={4} role="group" aria-labelledby="feeling-picker-label">
        {FEELINGS.map((feeling) => {
          const selected = value === feeling.value;
          return (
            <Button
              key={feeling.value}
              size="xs"
              radius="xl"
              variant={selected ? 'light' : 'default'}
              color={selected ? 'teal' : 'gray'}
              aria-pressed={selected}
              leftSection={<FeelingIcon feeling={feeling.value} size={16} decorative />}
              onClick={() => onChange(toggleFeeling(value, feeling.value))}
            >
              {feeling.label}
            </Button>
          );
        })}
      </Group>
    </Input.Wrapper>
  );
}
