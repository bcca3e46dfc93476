import { ActionIcon, Box, Button, Group, Select, Stack, Text } from '@mantine/core';
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
          // On a phone the sub-category takes the line and the amount goes under it (issue 29).
          <Group key={row.key} gap="xs" align="flex-end" wrap="wrap">
            {/* Short visible labels; the accessible names say which row (and contain the visible
                words: WCAG 2.5.3). */}
            <Select
              label="Sub-category"
              aria-label={`Split ${index + 1} sub-category`}
              placeholder="Sub-category"
              data={data}
              value={row.subcategoryId === null ? null : String(row.subcategoryId)}
              onChange={(next) => update(row.key, { subcategoryId: next === null ? null : Number(next) })}
              searchable
              style={{ flex: '1 1 12rem', minWidth: 0 }}
            />
            {/* Room for a four-figure amount and its symbol whatever the screen (issue 29: '80.0('). */}
            <Box style={{ flex: '1 0 8rem' }}>
              <AmountInput
                label="Amount"
                aria-label={`Split ${index + 1} amount`}
                value={row.amount}
                onChange={(next) => update(row.key, { amount: next })}
                currency={currency}
              />
            </Box>
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
