import { useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import type { Reflection } from '@mindspend/api-contract';
import {
  REFLECTION_EMPTY_MESSAGE,
  REFLECTION_OPENS_DAYS_BEFORE_END,
  REFLECTION_TEXT_MAX,
  daysInMonth,
  monthName,
  parseIsoDate,
  reflectionOpen,
  type YearMonth,
} from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { queryClient } from '../../lib/query-client';
import { purposeKeys, saveReflection, useReflection } from './api';

function ReflectionForm({ month, saved, onDone }: { month: YearMonth; saved: Reflection; onDone: () => void }) {
  const [wentWell, setWentWell] = useState(saved.went_well);
  const [changeNext, setChangeNext] = useState(saved.change_next);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const empty = wentWell.trim() === '' && changeNext.trim() === '';

  const save = async () => {
    if (empty) return setErrors([REFLECTION_EMPTY_MESSAGE]);
    setBusy(true);
    setErrors([]);
    try {
      const reflection = await saveReflection(month, { went_well: wentWell, change_next: changeNext });
      queryClient.setQueryData(purposeKeys.reflection(month), reflection);
      onDone();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Textarea label="What went well?" autosize minRows={2} maxLength={REFLECTION_TEXT_MAX} value={wentWell} onChange={(event) => setWentWell(event.currentTarget.value)} />
      <Textarea label="What will you change next month?" autosize minRows={2} maxLength={REFLECTION_TEXT_MAX} value={changeNext} onChange={(event) => setChangeNext(event.currentTarget.value)} />
      <ErrorList messages={errors} />
      <Group justify="flex-end">
        {saved.updated_at ? (
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button onClick={() => void save()} loading={busy} disabled={empty}>
          Save reflection
        </Button>
      </Group>
    </Stack>
  );
}

function Written({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={text ? undefined : 'dimmed'}>
        {text || '—'}
      </Text>
    </div>
  );
}

/**
 * The month-end reflection beside the month's purposes (kakeibo; DECISIONS.md #45): asked for in
 * the month's last days and after; once written, shown with the month, editable.
 */
export function ReflectionCard({ month, today }: { month: YearMonth; today: string }) {
  const reflection = useReflection(month);
  const [editing, setEditing] = useState(false);
  const date = parseIsoDate(today);
  const open = date !== null && reflectionOpen(month, date);
  const name = monthName(month.month);
  const written = reflection.data?.updated_at ? reflection.data : null;

  return (
    <Card withBorder radius="lg" p="lg" data-testid="month-reflection" component="section" aria-label={`Reflection on ${name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h4">
            {written || open ? `How did ${name} go?` : `Reflecting on ${name}`}
          </Title>
          {written && !editing ? (
            <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
        </Group>
        {!reflection.data ? (
          <Skeleton h={120} />
        ) : written && !editing ? (
          <>
            <Written label="What went well" text={written.went_well} />
            <Written label="What to change next month" text={written.change_next} />
          </>
        ) : open || editing ? (
          <>
            <Text size="sm" c="dimmed">
              A few words at the month’s end: what went well, and what you will change.
            </Text>
            <ReflectionForm month={month} saved={reflection.data} onDone={() => setEditing(false)} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            From {name} {daysInMonth(month.year, month.month) - REFLECTION_OPENS_DAYS_BEFORE_END + 1} you will be asked what
            went well this month and what to change.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
