import { useState } from 'react';
import { Button, Card, Select, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_TIME_ZONE, isoDate, localDateIn } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { browserTimeZone } from '../auth/api';
import { saveTimeZone } from './api';
import { timeZoneChoices } from './time-zones';

/**
 * The person's time zone (DECISIONS.md #85): "today", the month shown first, when a bill is due
 * and when the monthly e-mail goes all follow its clock, daylight saving time included.
 */
export function TimeZoneCard({ userId, zone: savedZone }: { userId: number; zone: string | undefined }) {
  // A session stored before zones has none until Settings reads the user again (refreshUser).
  const zone = savedZone ?? DEFAULT_TIME_ZONE;
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const device = browserTimeZone();

  const change = async (value: string | null) => {
    if (value === null || value === zone) return;
    setBusy(true);
    setErrors([]);
    setSaved(null);
    try {
      await saveTimeZone(userId, value);
      setSaved(`Time zone saved: today is ${isoDate(localDateIn(value, new Date()))} there.`);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" data-testid="time-zone-setting">
      <Title order={2} fz="h4" mb="xs">
        Time zone
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Today&apos;s date, the month you land on, when a bill is due and when the monthly e-mail goes out
          all follow this zone&apos;s clock, summer time included.
        </Text>
        <Select
          label="Time zone"
          data={timeZoneChoices(zone)}
          value={zone}
          onChange={(value) => void change(value)}
          searchable
          nothingFoundMessage="No time zone by that name"
          allowDeselect={false}
          disabled={busy}
          maw={360}
        />
        {device !== undefined && device !== zone && (
          <div>
            <Button variant="light" size="xs" onClick={() => void change(device)} disabled={busy}>
              Use this device&apos;s time zone ({device.replace(/_/g, ' ')})
            </Button>
          </div>
        )}
        <SuccessNote message={saved} />
        <ErrorList messages={errors} />
      </Stack>
    </Card>
  );
}
