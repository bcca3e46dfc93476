import { useState } from 'react';
import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_SECOND_LOOK_DAYS } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { saveSecondLookDays } from './api';

const OFF = 'off';
const CHOICES = [1, 3, 7, 14, 30, 60, 90];

function optionsWith(current: number | null) {
  const days = current === null || CHOICES.includes(current) ? CHOICES : [...CHOICES, current].sort((a, b) => a - b);
  return [
    ...days.map((n) => ({
      value: String(n),
      label: `${n} day${n === 1 ? '' : 's'} after a purchase${n === DEFAULT_SECOND_LOOK_DAYS ? ' (default)' : ''}`,
    })),
    { value: OFF, label: 'Off: never ask again' },
  ];
}

/** The second-look setting (DECISIONS.md #44): how many days after an expense to ask how it feels now. */
export function SecondLookCard({ userId, days }: { userId: number; days: number | null }) {
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = async (value: string | null) => {
    if (value === null) return;
    setBusy(true);
    setErrors([]);
    setSaved(false);
    try {
      await saveSecondLookDays(userId, value === OFF ? null : Number(value));
      setSaved(true);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" data-testid="second-look-setting">
      <Title order={2} fz="h4" mb="xs">
        Second look
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Some days after a purchase, Mindspend asks how it feels now. Your first feeling is kept; insights show which
          purchases you came to regret, and which you came to like.
        </Text>
        <Select
          label="Ask again"
          data={optionsWith(days)}
          value={days === null ? OFF : String(days)}
          onChange={(value) => void change(value)}
          allowDeselect={false}
          disabled={busy}
          maw={360}
        />
        <SuccessNote message={saved ? 'Second look setting saved.' : null} />
        <ErrorList messages={errors} />
      </Stack>
    </Card>
  );
}
