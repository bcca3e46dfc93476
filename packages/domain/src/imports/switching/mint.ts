/**
 * Mint's transactions export (Transactions → "Export all transactions"), read by column name:
 *   "Date","Description","Original Description","Amount","Transaction Type","Category",
 *   "Account Name","Labels","Notes"
 * "Amount" is always positive and "Transaction Type" gives the direction: "debit" is money out,
 * "credit" money in. Dates are M/DD/YYYY. "Original Description" (the bank's raw text) and
 * "Labels" are not read: the payee is Mint's cleaned "Description", the memo is "Notes".
 *
 * Mint has no category groups, so every category's group is null. Mint writes each line of a
 * split as a row of its own (the parent is not exported), and nothing ties those rows together,
 * so they stay separate transactions (their sum per account is unchanged).
 *
 * Transfers: Mint writes one row per account, categorised "Transfer", "Credit Card Payment" or
 * "Transfer for Cash Spending". A debit in one account pairs with a credit of the same amount in
 * another within 3 days, closest first, each row used once. A row left unpaired (an ATM withdrawal,
 * a payment from a bank Mint did not see) is kept as a transaction with no category: the money
 * really moved in that account.
 */
import { parseAmountCell, parseDateColumn, readDateColumn } from '../csv-values';
import { ImportError } from '../import-error';
import type { AppAccount, AppExport, AppTransaction, AppTransfer, LeftBehind } from './app-export';
import {
  accountCell,
  accountKindFromName,
  daysBetween,
  linesSource,
  readAppTable,
  textOrNull,
} from './reader-support';
import { pairClosest } from './transfer-pairing';

const EXPORT = 'a Mint transactions export';
const TRANSFER_CATEGORIES = new Set(['transfer', 'credit card payment', 'transfer for cash spending']);
/** Days a transfer may take between leaving one account and reaching the other. */
const TRANSFER_DAYS = 3;

interface MintRow {
  line: number;
  account: string;
  date: string;
  payee: string | null;
  amountCents: number;
  /** As Mint names it; null for "Uncategorized" and an empty cell. */
  category: string | null;
  memo: string | null;
  isTransfer: boolean;
}

/** Reads Mint's transactions CSV into the common model. */
export function readMintExport(csv: string): AppExport {
  const table = readAppTable(csv, EXPORT, [
    'Transaction Type',
    'Account Name',
    'Amount',
    'Date',
    'Description',
    'Category',
  ]);
  const dates = parseDateColumn(
    readDateColumn(table.rows.map((row) => ({ cell: row.cell('Date'), line: row.line }))),
    'month-first',
  );
  const leftBehind: LeftBehind[] = [];
  const rows: MintRow[] = [];
  table.rows.forEach((row, i) => {
    const account = accountCell(row, 'Account Name');
    const amount = parseAmountCell(row.cell('Amount'), row.line);
    if (amount === null) throw new ImportError(row.line, 'the row has no amount.');
    const type = row.cell('Transaction Type').toLowerCase();
    if (type !== 'debit' && type !== 'credit') {
      throw new ImportError(
        row.line,
        `"${row.cell('Transaction Type')}" is not a transaction type Mint writes (debit or credit).`,
      );
    }
    // The type says the direction; the amount is its size whatever its sign.
    const size = Math.abs(amount.cents);
    if (size === 0) {
      leftBehind.push({ source: `line ${row.line}`, reason: 'a zero amount' });
      return;
    }
    const category = row.cell('Category');
    rows.push({
      line: row.line,
      account,
      date: dates[i] as string,
      payee: textOrNull(row.cell('Description')),
      amountCents: type === 'debit' ? -size : size,
      category: category === '' || /^uncategorized$/i.test(category) ? null : category,
      memo: textOrNull(row.cell('Notes')),
      isTransfer: TRANSFER_CATEGORIES.has(category.toLowerCase()),
    });
  });

  const accounts: AppAccount[] = [...new Set(table.rows.map((row) => row.cell('Account Name')))].map(
    (name) => ({
      name,
      kind: accountKindFromName(name),
      currency: null,
    }),
  );
  const transfers = pairTransfers(rows);
  const paired = new Set(transfers.flatMap(({ legs }) => legs));
  const transactions = rows.filter((row) => !paired.has(row)).map(transactionOf);
  return {
    app: 'mint',
    accounts,
    transactions,
    transfers: transfers.map(({ transfer }) => transfer),
    budgets: [],
    leftBehind,
  };
}

function pairTransfers(rows: readonly MintRow[]): Array<{ legs: MintRow[]; transfer: AppTransfer }> {
  const outs = rows.filter((row) => row.isTransfer && row.amountCents < 0);
  const ins = rows.filter((row) => row.isTransfer && row.amountCents > 0);
  const pairs = pairClosest(
    outs,
    ins,
    { out: (row) => String(-row.amountCents), in: (row) => String(row.amountCents) },
    (out, incoming) => {
      if (out.account === incoming.account) return null;
      const days = Math.abs(daysBetween(out.date, incoming.date));
      return days <= TRANSFER_DAYS ? days : null;
    },
  );
  return pairs
    .map(([out, incoming]) => ({
      legs: [out, incoming],
      transfer: {
        source: linesSource([out.line, incoming.line]),
        from: out.account,
        to: incoming.account,
        // The day the money left: the credit may post a day or two later.
        date: out.date,
        amountCents: -out.amountCents,
        toAmountCents: incoming.amountCents,
        memo: out.memo ?? incoming.memo,
      },
      first: Math.min(out.line, incoming.line),
    }))
    .sort((a, b) => a.first - b.first);
}

/** Transfer rows left unpaired keep their money but no category: "Transfer" is not spending. */
function transactionOf(row: MintRow): AppTransaction {
  const category = row.isTransfer ? null : row.category;
  return {
    source: `line ${row.line}`,
    account: row.account,
    date: row.date,
    payee: row.payee,
    amountCents: row.amountCents,
    memo: row.memo,
    lines:
      category === null
        ? []
        : [{ category: { group: null, name: category }, amountCents: row.amountCents, memo: null }],
  };
}
