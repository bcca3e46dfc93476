import { Button, Group, Select } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { Account } from '@mindspend/api-contract';
import { Link } from 'react-router';
import { isBookCurrency } from '../../lib/money';

/** `Savings`, `Euro savings (EUR)` for an account in another currency than the book's, `… (private)` when it is. */
function accountLabel(account: Account): string {
  const currency = isBookCurrency(account.currency) ? '' : ` (${account.currency})`;
  return `${account.name}${currency}${account.private ? ' (private)' : ''}`;
}

interface AccountsMenuBarProps {
  accounts: Account[];
  selected: Account | null;
  onSelect: (accountId: number) => void;
}

/** Spec §2.3: the account dropdown, 'Edit Account' (only with accounts) and 'Add Account'. */
export function AccountsMenuBar({ accounts, selected, onSelect }: AccountsMenuBarProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Select
        aria-label="Account"
        placeholder="Select an account"
        data={accounts.map((account) => ({ value: String(account.id), label: accountLabel(account) }))}
        value={selected ? String(selected.id) : null}
        onChange={(value) => {
          if (value !== null) onSelect(Number(value));
        }}
        allowDeselect={false}
        // Linked bank accounts are named like 'First Platypus Bank Checking ••0000': wide enough
        // that the last digits, which tell a bank's accounts apart, are not the part cut off.
        w={{ base: '100%', xs: 400 }}
      />
      <Group gap="xs">
        {selected ? (
          <Button component={Link} to={`/ledger/editAccount/${selected.id}`} variant="default" leftSection={<IconPencil size={16} />}>
            Edit Account
          </Button>
        ) : null}
        <Button component={Link} to="/ledger/createAccount" variant="light" leftSection={<IconPlus size={16} />}>
          Add Account
        </Button>
      </Group>
    </Group>
  );
}
