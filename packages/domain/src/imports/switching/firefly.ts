/**
 * Firefly III's CSV export of transactions (Data → Export data → transactions). Its header, v6:
 *   user_id,group_id,journal_id,created_at,updated_at,group_title,type,currency_code,amount,
 *   foreign_currency_code,foreign_amount,primary_currency_code,primary_currency_amount,
 *   description,date,source_name,source_iban,source_type,destination_name,destination_iban,
 *   destination_type,reconciled,category,budget,bill,tags,notes
 * (before v6.2 "native_currency_code","native_amount" in place of the primary pair). Columns
 * read, by name: group_id (else journal_id), group_title (if present), type, currency_code,
 * amount, foreign_currency_code, foreign_amount, description, date, source_name, source_type,
 * destination_name, destination_type, category, notes. The rest (ids, timestamps, IBANs, budget,
 * bill, tags, the primary/native amounts) is not brought over. firefly-rows.ts reads one row.
 *
 * One row is one journal; the journals of a split share a group_id. A split whose journals share
 * type, own account and date becomes one transaction with a line per journal. Firefly has no
 * category groups (group null). The payee is the expense or revenue account; the memo is the
 * description, then the notes.
 */
import { ImportError } from '../import-error';
import type {
  AppAccount,
  AppAccountKind,
  AppExport,
  AppLine,
  AppTransaction,
  AppTransfer,
  LeftBehind,
} from './app-export';
import { isKnownRow, readFireflyRow, type FireflyRow, type FireflySide } from './firefly-rows';
import { accountKindFromName, linesSource, readAppTable } from './reader-support';

const EXPORT = 'a Firefly III transactions export';
const REQUIRED = [
  'source_name',
  'destination_name',
  'type',
  'amount',
  'currency_code',
  'foreign_currency_code',
  'foreign_amount',
  'description',
  'date',
  'source_type',
  'destination_type',
  'category',
  'notes',
];

/** Reads Firefly III's transactions CSV into the common model. */
export function readFireflyExport(csv: string): AppExport {
  const table = readAppTable(csv, EXPORT, REQUIRED);
  if (!table.has('group_id') && !table.has('journal_id')) {
    throw new ImportError(1, `This is not ${EXPORT}: it has no "group_id" column.`, { wholeFile: true });
  }
  const leftBehind: LeftBehind[] = [];
  const accounts = new Map<string, AppAccount>();
  const groups = new Map<string, FireflyRow[]>();
  for (const tableRow of table.rows) {
    const row = readFireflyRow(tableRow);
    if (!isKnownRow(row)) {
      leftBehind.push({
        source: `line ${row.line}`,
        reason: `a Firefly III "${row.type}" transaction, a kind Mindspend does not bring over`,
      });
      continue;
    }
    addAccount(accounts, row.own, row.currency, row.line);
    if (row.kind === 'transfer')
      addAccount(accounts, row.other, row.foreign?.currency ?? row.currency, row.line);
    if (row.amountCents === 0) {
      leftBehind.push({ source: `line ${row.line}`, reason: 'a zero amount' });
      continue;
    }
    const group = groups.get(row.group);
    if (group) group.push(row);
    else groups.set(row.group, [row]);
  }

  const transactions: Array<{ line: number; transaction: AppTransaction }> = [];
  const transfers: Array<{ line: number; transfer: AppTransfer }> = [];
  for (const rows of groups.values()) {
    const first = rows[0] as FireflyRow;
    if (first.kind !== 'transfer' && rows.length > 1 && rows.every((row) => sameTransaction(row, first))) {
      transactions.push({ line: first.line, transaction: splitOf(rows) });
      continue;
    }
    for (const row of rows) {
      if (row.kind === 'transfer') transfers.push({ line: row.line, transfer: transferOf(row) });
      else transactions.push({ line: row.line, transaction: transactionOf(row) });
    }
  }
  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  return {
    app: 'firefly',
    accounts: [...accounts.values()],
    transactions: transactions.sort(byLine).map(({ transaction }) => transaction),
    transfers: transfers.sort(byLine).map(({ transfer }) => transfer),
    budgets: [],
    leftBehind,
  };
}

/**
 * Liabilities (Firefly's Loan, Debt, Mortgage, and "Credit card" where a version names it) are
 * credit cards to Mindspend: money owed. Firefly keeps a credit card as an asset account with a
 * role the export does not show, so an asset account is also told by its name.
 */
function kindOf(account: FireflySide): AppAccountKind {
  if (/credit card|liabilit|loan|debt|mortgage/i.test(account.type)) return 'credit card';
  return accountKindFromName(account.name);
}

/** Each account once, with the currency its rows use; an account in two currencies cannot be one Mindspend account. */
function addAccount(
  accounts: Map<string, AppAccount>,
  side: FireflySide,
  currency: string | null,
  line: number,
): void {
  const known = accounts.get(side.name);
  if (!known) {
    accounts.set(side.name, { name: side.name, kind: kindOf(side), currency });
    return;
  }
  if (known.currency !== currency && known.currency !== null && currency !== null) {
    throw new ImportError(
      line,
      `the account "${side.name}" has transactions in both ${known.currency} and ${currency}; Mindspend keeps one currency per account.`,
    );
  }
  known.currency ??= currency;
}

function sameTransaction(row: FireflyRow, first: FireflyRow): boolean {
  return row.kind === first.kind && row.own.name === first.own.name && row.date === first.date;
}

function memoOf(...parts: Array<string | null>): string | null {
  const kept = parts.filter((part): part is string => part !== null);
  return kept.length === 0 ? null : kept.join(' — ');
}

/** Opening balances and reconciliations are Firefly bookkeeping: no payee, and no category. */
function isBookkeeping(row: FireflyRow): boolean {
  return row.kind === 'opening balance' || row.kind === 'reconciliation';
}

function lineOf(row: FireflyRow, memo: string | null): AppLine {
  return {
    category: row.category === null ? null : { group: null, name: row.category },
    amountCents: row.amountCents,
    memo,
  };
}

function transactionOf(row: FireflyRow): AppTransaction {
  const bookkeeping = isBookkeeping(row);
  const memo = row.kind === 'opening balance' ? 'Opening balance' : memoOf(row.description, row.notes);
  return {
    source: `line ${row.line}`,
    account: row.own.name,
    date: row.date,
    payee: bookkeeping ? null : row.other.name || null,
    amountCents: row.amountCents,
    memo,
    lines: row.category === null || bookkeeping ? [] : [lineOf(row, null)],
  };
}

/**
 * The journals of one split as one transaction. The payee is their shared expense or revenue
 * account; when they name different ones, each line's memo keeps its own.
 */
function splitOf(rows: readonly FireflyRow[]): AppTransaction {
  const first = rows[0] as FireflyRow;
  const payees = new Set(rows.map((row) => row.other.name));
  const shared = payees.size === 1 && !isBookkeeping(first);
  const lines = rows.map((row) =>
    lineOf(row, memoOf(shared ? null : row.other.name || null, row.description, row.notes)),
  );
  return {
    source: linesSource(rows.map((row) => row.line)),
    account: first.own.name,
    date: first.date,
    payee: shared ? first.other.name || null : null,
    amountCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    memo: first.groupTitle,
    lines,
  };
}

function transferOf(row: FireflyRow): AppTransfer {
  const amountCents = -row.amountCents;
  return {
    source: `line ${row.line}`,
    from: row.own.name,
    to: row.other.name,
    date: row.date,
    amountCents,
    toAmountCents: row.foreign?.cents ?? amountCents,
    memo: memoOf(row.description, row.notes),
  };
}
