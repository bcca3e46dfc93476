import { IconMoodConfused, IconMoodEmpty, IconMoodHappy, IconMoodSad } from '@tabler/icons-react';
import type { Feeling } from '@mindspend/domain';
import { feelingLabel } from './feelings';

const ICONS = {
  positive: { Icon: IconMoodHappy, color: 'var(--mantine-color-teal-6)' },
  neutral: { Icon: IconMoodEmpty, color: 'var(--mantine-color-dimmed)' },
  negative: { Icon: IconMoodSad, color: 'var(--mantine-color-red-6)' },
  mixed: { Icon: IconMoodConfused, color: 'var(--mantine-color-yellow-7)' },
} as const;

/**
 * The face of a feeling, named for screen readers by its label ('Felt good'…); `decorative` when
 * the label is written next to it.
 */
export function FeelingIcon({ feeling, size = 20, decorative = false }: { feeling: Feeling; size?: number; decorative?: boolean }) {
  const { Icon, color } = ICONS[feeling];
  if (decorative) return <Icon size={size} color={color} aria-hidden />;
  return <Icon size={size} color={color} role="img" aria-label={feelingLabel(feeling)} />;
}

/** The feeling's colour, for charts. */
export function feelingColor(feeling: Feeling): string {
  return ICONS[feeling].color;
}
