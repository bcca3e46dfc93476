import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { Pause } from '@mindspend/api-contract';
import { isChanged, useDiscardGuard } from '../../components/DiscardGuard';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { displayCurrency } from '../../lib/money';
import { useNumberFormat } from '../../lib/use-number-format';
import { createPause, invalidatePauses } from './api';
import { PauseFormFields } from './PauseFormFields';
import { PauseForecastView } from './PauseForecastView';
import { PauseHeading } from './PauseHeading';
import { emptyPauseForm, pauseBodyOf, pauseFormErrors, pauseFormErrorsFromApi, type PauseFormErrors, type PauseFormValues } from './pause-form';
import type { PausePrefill } from './pause-prefill';
import { countdownText, localDateText } from './pause-text';

interface PauseFormModalProps {
  /** What the Add Transaction form had typed, when the person chose to pause instead. */
  prefill?: PausePrefill | null;
  onClose: () => void;
  /** Shown beside Done once paused (the ledger offers the way to the pause list). */
  afterPaused?: ReactNode;
}

/**
 * "Pause a purchase" (issue 31): the form, then, once paused, the forecast the server gave and when
 * the reminder comes, so the person reads it at the moment they hesitate.
 */
export function PauseFormModal({ prefill = null, onClose, afterPaused }: PauseFormModalProps) {
  const { locale } = useNumberFormat();
  const [initial] = useState<PauseFormValues>(() => emptyPauseForm(prefill));
  const [values, setValues] = useState<PauseFormValues>(initial);
  const [errors, setErrors] = useState<PauseFormErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [paused, setPaused] = useState<Pause | null>(null);
  const { requestClose, confirm } = useDiscardGuard(paused === null && isChanged(values, initial), onClose, 'Discard this pause?');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const currency = displayCurrency.get();
    const found = pauseFormErrors(values, locale, currency);
    setErrors(found);
    setGeneral([]);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const created = await createPause(pauseBodyOf(values, locale, currency));
      await invalidatePauses();
      setPaused(created);
    } catch (failure) {
      const fields = failure instanceof ApiError && failure.status === 422 ? pauseFormErrorsFromApi(failure.fieldErrors) : {};
      setErrors(fields);
      // A refusal of no field of the form (or no refusal at all) is said above the fields.
      if (Object.keys(fields).length === 0) setGeneral(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={requestClose} title={paused ? 'Paused' : 'Pause a purchase'} size="lg">
      {confirm}
      {paused ? (
        <Stack gap="md" data-testid="pause-result">
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              <PauseHeading pause={paused} />
              <PauseForecastView forecast={paused.forecast} />
            </Stack>
          </Paper>
          <Group gap="xs" wrap="wrap">
            <Badge color="blue" variant="light">
              {countdownText(paused.remind_at, new Date())}
            </Badge>
            <Text size="sm" data-testid="pause-cooling-off">
              {paused.cooling_off_days} {paused.cooling_off_days === 1 ? 'day' : 'days'} to cool off: you will get a reminder on {localDateText(paused.remind_at)}.
            </Text>
          </Group>
          <Group justify="flex-end" gap="xs">
            {afterPaused}
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Write down what you are considering. Your own history says how likely you are to regret it, and a cooling-off period gives you time to be sure.
            </Text>
            <ErrorList messages={general} />
            <PauseFormFields values={values} errors={errors} onChange={setValues} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Pause it
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
