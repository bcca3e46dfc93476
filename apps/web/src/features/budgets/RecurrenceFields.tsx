import { Group, NumberInput, Radio, Select, Stack, Switch, Text } from '@mantine/core';
import { REPEAT_FREQUENCIES, type Ending, type FieldErrors, type RepeatFrequency } from '@mindspend/domain';
import { DateField } from '../../components/DateField';
import { setEndDate, setOccurrences, unitLabel, type BudgetFormState } from './budget-form';

interface RecurrenceFieldsProps {
  state: BudgetFormState;
  onChange: (next: BudgetFormState) => void;
  errors: FieldErrors;
}

const first = (errors: FieldErrors, field: string) => errors[field]?.[0];
const numberText = (value: string | number) => (value === '' ? '' : String(value));

/** The repeating editor of spec §2.5: Every N unit, 'On day N' for monthly, and how it ends. */
export function RecurrenceFields({ state, onChange, errors }: RecurrenceFieldsProps) {
  const set = (patch: Partial<BudgetFormState>) => onChange({ ...state, ...patch });
  return (
    <Stack gap="sm">
      <Switch
        label="Repeats"
        checked={state.isRecurring}
        onChange={(event) => set({ isRecurring: event.currentTarget.checked })}
      />
      {state.isRecurring ? (
        <>
          <Group align="flex-start" grow>
            <NumberInput
              label="Every"
              min={1}
              allowDecimal={false}
              value={state.interval}
              onChange={(value) => set({ interval: numberText(value) })}
              error={first(errors, 'repeat_interval')}
            />
            <Select
              label="Unit"
              data={REPEAT_FREQUENCIES.map((unit) => ({
                value: unit,
                label: unitLabel(unit, state.interval),
              }))}
              value={state.frequency}
              allowDeselect={false}
              onChange={(value) => value && set({ frequency: value as RepeatFrequency })}
              error={first(errors, 'repeat_frequency')}
            />
            {state.frequency === 'month' ? (
              <NumberInput
                label="On day"
                min={1}
                max={31}
                allowDecimal={false}
                value={state.startDay}
                onChange={(value) => set({ startDay: numberText(value) })}
                error={first(errors, 'start_day')}
              />
            ) : null}
          </Group>
          {state.frequency === 'month' && state.startDay !== '' ? (
            <Text size="xs" c="dimmed" mt={-6} data-testid="on-day">
              On day {state.startDay}
            </Text>
          ) : null}
          <Radio.Group
            label="Ending"
            value={state.ending}
            onChange={(value) => set({ ending: value as Ending })}
            error={first(errors, 'ending')}
          >
            <Group mt={4}>
              <Radio value="never" label="No end date" />
              <Radio value="end_after" label="End after" />
              <Radio value="end_by" label="End by" />
            </Group>
          </Radio.Group>
          {state.ending === 'end_after' ? (
            <NumberInput
              label="Number of occurrences"
              min={1}
              allowDecimal={false}
              value={state.occurrences}
              onChange={(value) => onChange(setOccurrences(state, numberText(value)))}
              error={first(errors, 'repeat_num_occurrences')}
            />
          ) : null}
          {state.ending === 'end_by' ? (
            <DateField
              label="End date"
              value={state.endDate}
              onChange={(value) => onChange(setEndDate(state, value))}
              error={first(errors, 'repeat_end')}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
