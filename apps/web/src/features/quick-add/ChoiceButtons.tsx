import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';

interface ChoiceButtonsProps<Value extends string> {
  /** The question above the buttons, and the radio group's name. */
  label: string;
  id: string;
  choices: ReadonlyArray<{ value: Value; label: string; icon?: ReactNode }>;
  value: Value | null;
  /** The choice, or null when the chosen one is tapped again. */
  onChange: (value: Value | null) => void;
}

/**
 * One of a few answers as large buttons that wrap on a phone: a radio group a thumb can hit,
 * where a tap on the chosen answer takes it back.
 */
export function ChoiceButtons<Value extends string>({ label, id, choices, value, onChange }: ChoiceButtonsProps<Value>) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <Group gap="xs" role="radiogroup" aria-labelledby={id}>
        {choices.map((choice) => (
          <Button
            key={choice.value}
            role="radio"
            aria-checked={value === choice.value}
            variant={value === choice.value ? 'light' : 'default'}
            leftSection={choice.icon}
            onClick={() => onChange(value === choice.value ? null : choice.value)}
          >
            {choice.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
