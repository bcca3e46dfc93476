/** A row ready for the ledger writer, whichever way it arrived: a statement file or a linked bank. */
import type { StatementRow } from '@mindspend/domain';

export interface PreparedRow {
  row: StatementRow;
  /**
   * De-duplication key, unique per account: the bank's FITID, or date|amount|type|payee with its
   * repeat count (statement files); `plaid:` and the bank's transaction id (linked banks).
   */
  key: string;
  entityName: string;
  entityShort: string;
}
