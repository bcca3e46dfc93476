import { useEffect, useState } from 'react';
import { Progress, Stack, Text } from '@mantine/core';
import { STRENGTH_LABELS, passwordStrength, type StrengthScore } from '../lib/password-strength';

/** Bar colour per score: red to green, as people read a meter. */
const COLORS: Record<StrengthScore, string> = { 0: 'red', 1: 'orange', 2: 'yellow', 3: 'teal', 4: 'green' };

interface PasswordStrengthMeterProps {
  password: string;
  /** Words the estimate counts as guessable, e.g. the e-mail address typed in the same form. */
  hints?: readonly string[];
}

/**
 * The strength meter under every field that sets a new password (registration, reset, change):
 * advice from zxcvbn-ts, never a rule (DECISIONS.md #92). Nothing shows until something is typed.
 */
export function PasswordStrengthMeter({ password, hints = [] }: PasswordStrengthMeterProps) {
  const [score, setScore] = useState<StrengthScore | null>(null);
  const hintKey = hints.join('\n');

  useEffect(() => {
    if (!password) return;
    let current = true;
    // A later keystroke's estimate may finish first; only the newest one is shown.
    passwordStrength(password, hintKey ? hintKey.split('\n') : [])
      .then((estimate) => {
        if (current) setScore(estimate);
      })
      .catch(() => {
        // The estimator could not load (offline): no meter, the form works without it.
        if (current) setScore(null);
      });
    return () => {
      current = false;
    };
  }, [password, hintKey]);

  if (!password || score === null) return null;
  const label = STRENGTH_LABELS[score];
  return (
    <Stack gap={4} data-testid="password-strength" data-score={score}>
      <Progress
        value={(score + 1) * 20}
        color={COLORS[score]}
        size="sm"
        aria-label={`Password strength: ${label}`}
      />
      <Text size="xs" aria-live="polite">
        Password strength: {label}
        {score < 3 ? ' — a few unrelated words make a strong password.' : ''}
      </Text>
    </Stack>
  );
}
