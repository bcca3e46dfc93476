import { type FormEvent, useState } from 'react';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { DEFAULT_QUIET_END, DEFAULT_QUIET_START, type PushSettings } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { saveQuietHours, usePushSettings } from './api';

type Field = 'quiet_start' | 'quiet_end';

/** What was saved, in a sentence. */
export function quietHoursSummary(settings: PushSettings): string {
  return settings.quiet_start === null || settings.quiet_end === null
    ? 'Saved: no quiet hours, nudges come as purchases land.'
    : `Saved: nudges due between ${settings.quiet_start} and ${settings.quiet_end} wait until ${settings.quiet_end}.`;
}

/**
 * Quiet hours (issue 30): nudges due inside them wait until they end, on the person's own clock.
 * "No quiet hours" sends both as null; the server's messages are shown under the fields.
 */
export function QuietHoursForm({ timeZone }: { timeZone: string | undefined }) {
  const settings = usePushSettings();
  if (settings.isError) return <ErrorList messages={['Your quiet hours could not be loaded. Please reload the page.']} />;
  if (!settings.data) {
    return (
      <Text size="sm" c="dimmed">
        Loading quiet hours…
      </Text>
    );
  }
  return <QuietHoursFields saved={settings.data} timeZone={timeZone} />;
}

/** The form, starting from what the server holds. */
function QuietHoursFields({ saved: initial, timeZone }: { saved: PushSettings; timeZone: string | undefined }) {
  const [start, setStart] = useState(initial.quiet_start ?? DEFAULT_QUIET_START);
  const [end, setEnd] = useState(initial.quiet_end ?? DEFAULT_QUIET_END);
  const [none, setNone] = useState(initial.quiet_start === null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    setFieldErrors({});
    setSaved(null);
    try {
      // An emptied time field is sent as it is: the server says what is wrong with it.
      const body = none ? { quiet_start: null, quiet_end: null } : { quiet_start: start, quiet_end: end };
      setSaved(quietHoursSummary(await saveQuietHours(body)));
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fieldErrors : {};
      if (fields.quiet_start || fields.quiet_end) setFieldErrors({ quiet_start: fields.quiet_start?.[0], quiet_end: fields.quiet_end?.[0] });
      else setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} data-testid="quiet-hours">
      <Stack gap="xs">
        <Text fw={600}>Quiet hours</Text>
        <Text size="sm" c="dimmed">
          Nudges due in these hours wait until they end, on every device. Times are in your time zone
          {timeZone ? ` (${timeZone.replace(/_/g, ' ')})` : ''}.
        </Text>
        <Checkbox label="No quiet hours" checked={none} onChange={(event) => setNone(event.currentTarget.checked)} disabled={busy} />
        <Group align="flex-start" gap="sm">
          <TimeInput
            label="Quiet from"
            value={start}
            onChange={(event) => setStart(event.currentTarget.value)}
            disabled={none || busy}
            error={fieldErrors.quiet_start}
            w={150}
          />
          <TimeInput
            label="Until"
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
            disabled={none || busy}
            error={fieldErrors.quiet_end}
            w={150}
          />
        </Group>
        <Group>
          <Button type="submit" variant="light" loading={busy}>
            Save quiet hours
          </Button>
        </Group>
        <SuccessNote message={saved} />
        <ErrorList messages={errors} />
      </Stack>
    </form>
  );
}
