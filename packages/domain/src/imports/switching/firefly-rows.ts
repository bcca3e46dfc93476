/**
 * One row of Firefly III's transaction export (one journal), read into what it means for the
 * person's own accounts: which of its two sides is theirs, and which way the money went.
 *
 * Firefly records every journal as money from a source account to a destination account; the
 * journal's type says which side is the person's own:
 *   Withdrawal      source = own (asset or liability), destination = expense account (the payee)
 *   Deposit         source = revenue account (the payer), destination = own
 *   Transfer        both own
 *   Opening balance / Reconciliation
 *                   one side is Firefly's "Initial balance account" / "Reconciliation account",
 *                   the other is own; money into the own account when it is the destination
 * The amount's sign changed between versions (negative withdrawals from v6 on), so only its size
 * is read and the type gives the direction.
 */
import { parseIsoDate } from '../../ledger/transactions';
import { parseAmountCell } from '../csv-values';
import { ImportError } from '../import-error';
import { accountCell, textOrNull, type AppTableRow } from './reader-support';

export type FireflyKind = 'withdrawal' | 'deposit' | 'transfer' | 'opening balance' | 'reconciliation';
const KINDS: readonly string[] = ['withdrawal', 'deposit', 'transfer', 'opening balance', 'reconciliation'];

/** Firefly's bookkeeping accounts: the other side of an opening balance or a reconciliation. */
const BOOKKEEPING_TYPE = /initial balance|reconciliation/i;

export interface FireflySide {
  name: string;
  /** Firefly's account type: "Asset account", "Loan", "Expense account", … */
  type: string;
}

export interface FireflyRow {
  line: number;
  /** Rows with the same group are the splits of one transaction. */
  group: string;
  groupTitle: string | null;
  kind: FireflyKind;
  date: string;
  /** The person's account: the source of a withdrawal or transfer, the destination of a deposit. */
  own: FireflySide;
  /** The other side: the payee or payer, or a transfer's destination. */
  other: FireflySide;
  /** Money in or out of `own`, signed (a transfer's is negative: it leaves `own`). */
  amountCents: number;
  currency: string | null;
  /** What reached a transfer's destination, in its currency, when that differs. */
  foreign: { cents: number; currency: string } | null;
  category: string | null;
  description: string | null;
  notes: string | null;
}

/** A row Firefly writes that is not one of the kinds above ("Liability credit", …). */
export interface UnknownFireflyRow {
  line: number;
  type: string;
}

/** `2024-01-05T00:00:00+01:00` → `2024-01-05`: the date as the person saw it, whatever the offset. */
function fireflyDate(cell: string, line: number): string {
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(cell)?.[1];
  if (iso === undefined || !parseIsoDate(iso)) throw new ImportError(line, `"${cell}" is not a date.`);
  return iso;
}

function size(cell: string, line: number, column: string): number {
  const amount = parseAmountCell(cell, line);
  if (amount === null) throw new ImportError(line, `the row has no ${column}.`);
  return Math.abs(amount.cents);
}

function side(row: AppTableRow, which: 'source' | 'destination', own: boolean): FireflySide {
  const column = `${which}_name`;
  return { name: own ? accountCell(row, column) : row.cell(column), type: row.cell(`${which}_type`) };
}

/** Reads one journal row; rows of a type Mindspend does not know come back as such, to be listed. */
export function readFireflyRow(row: AppTableRow): FireflyRow | UnknownFireflyRow {
  const type = row.cell('type');
  const kind = type.toLowerCase();
  if (!KINDS.includes(kind)) return { line: row.line, type };
  const date = fireflyDate(row.cell('date'), row.line);
  const amount = size(row.cell('amount'), row.line, 'amount');
  // Which side is the person's own, and whether the money came into it.
  let ownIsSource: boolean;
  if (kind === 'withdrawal' || kind === 'transfer') ownIsSource = true;
  else if (kind === 'deposit') ownIsSource = false;
  else
    ownIsSource =
      !BOOKKEEPING_TYPE.test(row.cell('source_type')) && BOOKKEEPING_TYPE.test(row.cell('destination_type'));
  const source = side(row, 'source', ownIsSource || kind === 'transfer');
  const destination = side(row, 'destination', !ownIsSource || kind === 'transfer');

  const currency = textOrNull(row.cell('currency_code').toUpperCase());
  const foreignCurrency = row.cell('foreign_currency_code').toUpperCase();
  const foreignCell = row.cell('foreign_amount');
  const foreign =
    foreignCurrency !== '' && foreignCurrency !== currency && foreignCell !== ''
      ? { cents: size(foreignCell, row.line, 'foreign_amount'), currency: foreignCurrency }
      : null;
  return {
    line: row.line,
    group: row.cell('group_id') || row.cell('journal_id') || `line ${row.line}`,
    groupTitle: textOrNull(row.cell('group_title')),
    kind: kind as FireflyKind,
    date,
    own: ownIsSource ? source : destination,
    other: ownIsSource ? destination : source,
    amountCents: ownIsSource ? -amount : amount,
    currency,
    foreign,
    category: textOrNull(row.cell('category')),
    description: textOrNull(row.cell('description')),
    notes: textOrNull(row.cell('notes')),
  };
}

export function isKnownRow(row: FireflyRow | UnknownFireflyRow): row is FireflyRow {
  return 'kind' in row;
}
