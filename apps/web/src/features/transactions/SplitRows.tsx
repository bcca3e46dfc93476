import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Category } from '@mindspend/api-contract';
import { type CurrencyCode, toCents } from '@mindspend/domain';
import { formatAmountIn } from '../../lib/money';
import { numberLocale } from '../../lib/number-format';
import { AmountInput } from '../../components/AmountInput';
import { parseAmountText } from '../../lib/amount-text';
import { newSplitRow, type SplitRow } from './transaction-form';

interface SplitRowsProps {
  categories: Category[];
  rows: SplitRow[];
  amount: string;
  /** The account's currency, which the amounts are typed in (DECISIONS.md #90). */
  currency: CurrencyCode;
  onChange: (rows: SplitRow[]) => void;
}

/** Split mode of the edit form (spec §2.4): one sub-category and amount per row, 'Add row'. */
export function SplitRows({ categories, rows, amount, currency, onChange }: SplitRowsProps) {
  const update = (key: number, change: Partial<SplitRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const read = (text: string) => toCents(parseAmountText(text, numberLocale(), currency) ?? 0);
  const splitCents = rows.reduce((sum, row) => sum + read(row.amount), 0);
  const totalCents = read(amount);

  return (
    <Stack gap="xs">
      {rows.map((row, index) => {
        // A sub-category chosen on another row is not offered twice.
        const taken = new Set(rows.filter((other) => other.key !== row.key).map((other) => other.subcategoryId));
        const data = categories.map((category) => ({
          group: category.name,
          items: category.subcategories
            .filter((sub) => !taken.has(sub.id))
            .map((sub) => ({ value: String(sub.id), label: `${sub.emoji} ${sub.name}` })),
        }));
        return (
          <Group key={row.key} gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label={`Split ${index + 1} sub-category`}
              placeholder="Sub-category"
              data={data}
              value={row.subcategoryId === null ? null : String(row.subcategoryId)}
              onChange={(next) => update(row.key, { subcategoryId: next === null ? null : Number(next) })}
              searchable
              style={{ flex: 2 }}
            />
            <AmountInput label={`Split ${index + 1} amount`} value={row.amount} onChange={(next) => update(row.key, { amount: next })} currency={currency} />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={1}
              aria-label={`Remove split ${index + 1}`}
              onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group justify="space-between">
        <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...rows, newSplitRow()])}>
          Add row
        </Button>
        <Text size="sm" c={splitCents === totalCents ? 'dimmed' : 'red'} data-testid="split-total">
          Split {formatAmountIn(splitCents, currency)} of {formatAmountIn(totalCents, currency)}
        </Text>
      </Group>
    </Stack>
  );
}
