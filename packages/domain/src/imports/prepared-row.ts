/** A row ready for the ledger writer, whichever way it arrived: a statement file or a linked bank. */
import type { RuleOutcome } from '../rules/rule-model';
import { cleanExternalText, isCleanText } from '../text';
import type { StatementRow } from './statement-row';

export interface PreparedRow {
  row: StatementRow;
  /**
   * De-duplication key, unique per account: the bank's FITID, or date|amount|type|payee with its
   * repeat count (statement files); `plaid:` and the bank's transaction id (linked banks).
   */
  key: string;
  entityName: string;
  entityShort: string;
  /** What the user's rules set on this row (the server's modules/rules/rules-at-import.ts); absent when none matched. */
  ruled?: RuleOutcome;
}

/**
 * The row with every text made storable (domain text.ts): a statement file or a bank may send
 * NUL or a lone surrogate, which a person's form would be refused; the row keeps the rest of the
 * text rather than being lost, and the user's backup of it restores (issue 12).
 */
export function storableRow(prepared: PreparedRow): PreparedRow {
  const { row } = prepared;
  // Nearly every row is clean already: keep it rather than copy 100,000 of them (DECISIONS.md #65).
  if (
    isCleanText(prepared.key) &&
    isCleanText(prepared.entityName) &&
    isCleanText(prepared.entityShort) &&
    isCleanText(row.payee) &&
    (row.description === undefined || isCleanText(row.description)) &&
    (row.memo === undefined || isCleanText(row.memo))
  )
    return prepared;
  return {
    ...prepared,
    key: cleanExternalText(prepared.key),
    entityName: cleanExternalText(prepared.entityName),
    entityShort: cleanExternalText(prepared.entityShort),
    row: {
      ...row,
      payee: cleanExternalText(row.payee),
      ...(row.description !== undefined && { description: cleanExternalText(row.description) }),
      ...(row.memo !== undefined && { memo: cleanExternalText(row.memo) }),
    },
  };
}
