import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Transaction } from '@mindspend/api-contract';
import { Link } from 'react-router';
import { ledgerAccountPath, ledgerMonthPath } from '../../shared/ledger-shell/ledger-paths';
import type { BankImportResponse } from './api';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The ledger month of the newest of `transactions` (where its Categorize Now banner shows them). */
function ledgerPathFor(accountId: number, transactions: readonly Transaction[]): string {
  const newest = transactions.reduce<string | null>((max, t) => (max === null || t.date > max ? t.date : max), null);
  const match = newest ? /^(\d{4})-(\d{2})/.exec(newest) : null;
  return match ? ledgerMonthPath(accountId, { year: Number(match[1]), month: Number(match[2]) }) : ledgerAccountPath(accountId);
}

/** After 'Import new transactions': how many came in, and where to categorize the new ones. */
export function ImportResultAlert({ result, onClose }: { result: BankImportResponse; onClose: () => void }) {
  const groups = result.uncategorizedTransactions.filter((group) => group.transactions.length > 0);
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconDownload />}
      title={`Imported ${plural(result.imported, 'new transaction')}`}
      withCloseButton
      closeButtonLabel="Dismiss import result"
      onClose={onClose}
      data-testid="bank-import-result"
    >
      {groups.length > 0 ? (
        <>
          <Text size="sm">Some need a category. Open the ledger and choose Categorize Now:</Text>
          <List size="sm" mt={4}>
            {groups.map((group) => (
              <List.Item key={group.account_id}>
                <Anchor component={Link} to={ledgerPathFor(group.account_id, group.transactions)} size="sm">
                  Categorize {plural(group.transactions.length, 'transaction')} in {group.account_name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm">Every new transaction already has a category.</Text>
      )}
    </Alert>
  );
}
