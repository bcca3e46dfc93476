import { Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { Account } from '@mindspend/api-contract';
import { AmountInput } from '../../components/AmountInput';
import { DateField } from '../../components/DateField';
import { asksAmountReceived, transferCurrencies, type TransferFormValues } from './transfer-form';

interface TransferFormProps {
  accounts: readonly Account[];
  values: TransferFormValues;
  onChange: (values: TransferFormValues) => void;
}

/**
 * From and to account, amount, date and notes of a transfer between the user's own accounts. Each
 * amount is typed in its account's currency; between two currencies the amount that arrived is
 * asked too, since only the person knows what the bank converted (DECISIONS.md #90).
 */
export function TransferForm({ accounts, values, onChange }: TransferFormProps) {
  const currencies = transferCurrencies(values, accounts);
  const options = accounts.map((account) => ({ value: String(account.id), label: account.name }));
  // Money goes to another account: the one it leaves is not offered again under To (issue 36).
  const toOptions = options.filter((option) => option.value !== values.fromAccountId);
  const set = <K extends keyof TransferFormValues>(key: K, value: TransferFormValues[K]) => onChange({ ...values, [key]: value });
  const setFrom = (fromAccountId: string) =>
    onChange({ ...values, fromAccountId, toAccountId: values.toAccountId === fromAccountId ? '' : values.toAccountId });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select label="From account" placeholder="Choose an account" data={options} value={values.fromAccountId || null} onChange={(value) => setFrom(value ?? '')} withAsterisk allowDeselect={false} />
        <Select label="To account" placeholder="Choose an account" data={toOptions} value={values.toAccountId || null} onChange={(value) => set('toAccountId', value ?? '')} withAsterisk allowDeselect={false} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <AmountInput label="Amount" value={values.amount} onChange={(value) => set('amount', value)} currency={currencies.from} required />
        {asksAmountReceived(currencies) ? (
          <AmountInput
            label="Amount received"
            value={values.toAmount}
            onChange={(value) => set('toAmount', value)}
            currency={currencies.to}
            required
          />
        ) : null}
        <DateField label="Date" value={values.date} onChange={(value) => set('date', value)} />
      </SimpleGrid>
      <Textarea label="Notes" value={values.notes} onChange={(event) => set('notes', event.currentTarget.value)} autosize minRows={2} />
    </Stack>
  );
}
