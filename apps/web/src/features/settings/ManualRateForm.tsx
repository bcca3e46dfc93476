import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { rateProblem } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { ApiError } from '../../lib/api-client';
import { currencyChoices } from '../../lib/currency-choices';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useToday } from '../../lib/use-today';
import { saveFxRate } from './fx-rates-api';

type Field = 'currency' | 'date' | 'rate';

/**
 * Enters a member's own rate for a day (DECISIONS.md #87): units of the base currency per unit of
 * the currency. The rate is checked with the server's own rule before anything is sent.
 */
export function ManualRateForm({ baseCurrency }: { baseCurrency: string }) {
  const today = useToday();
  const [currency, setCurrency] = useState<string | null>(null);
  const [date, setDate] = useState(today);
  const [rate, setRate] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors([]);
    setSaved(null);
    const problems: Partial<Record<Field, string>> = {
      ...(currency === null && { currency: 'Choose the currency the rate is of.' }),
      ...(date === '' && { date: 'Choose the day the rate is of.' }),
      ...(rateProblem(rate) !== null && { rate: rateProblem(rate) ?? '' }),
    };
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0 || currency === null) return;
    setBusy(true);
    try {
      await saveFxRate(currency, date, rate.trim());
      setSaved(`Saved: 1 ${currency} = ${rate.trim()} ${baseCurrency} on ${date}.`);
      setRate('');
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length > 0) {
        const fields = failure.fieldErrors;
        setFieldErrors({ currency: fields.currency?.[0], date: fields.date?.[0], rate: fields.rate?.[0] });
      } else {
        setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Enter your own rate">
      <Group align="flex-start" gap="sm">
        <Select
          label="Currency"
          data={currencyChoices().filter((choice) => choice.value !== baseCurrency)}
          value={currency}
          onChange={setCurrency}
          searchable
          nothingFoundMessage="No currency by that code or name"
          error={fieldErrors.currency}
          w={220}
        />
        <TextInput
          label="Day"
          type="date"
          value={date}
          max={today}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={fieldErrors.date}
          w={170}
        />
        <TextInput
          label={`Rate in ${baseCurrency}`}
          description={`${baseCurrency} per 1 ${currency ?? 'unit'}`}
          placeholder="e.g. 1.0823"
          inputMode="decimal"
          value={rate}
          onChange={(event) => setRate(event.currentTarget.value)}
          error={fieldErrors.rate}
          w={180}
        />
        <Button type="submit" loading={busy} mt={24}>
          Save rate
        </Button>
      </Group>
      <SuccessNote message={saved} />
      <ErrorList messages={errors} />
    </form>
  );
}
