/**
 * Rules in the import and bank-sync pipeline (docs/DECISIONS.md #52): after de-duplication and
 * before the ledger writer categorizes from history, each new row gets the outcome of the user's
 * rules, compiled once per import. The ledger writer then prefers the rule's fields to its own.
 */
import { isEmptyOutcome, type PreparedRow } from '@mindspend/domain';
import type { BookScope } from '../../db/book-scope';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { compileUserRules } from './rules-compile';

/**
 * The rows with `ruled` set where a rule matched. A rule sees a row as it will be stored: the
 * payee's normalized name, and the description the writer stores (the bank's text).
 */
export async function withRuleOutcomes(
  db: Kysely<Database>,
  target: { scope: BookScope; account_id: number },
  rows: PreparedRow[],
): Promise<PreparedRow[]> {
  if (rows.length === 0) return rows;
  const rules = await compileUserRules(db, target.scope.bookId);
  if (rules.size === 0) return rows;
  return rows.map((prepared) => {
    const outcome = rules.outcomeFor({
      payee: prepared.entityName,
      description: storedDescription(prepared),
      amountCents: prepared.row.amountCents,
      accountId: target.account_id,
      type: prepared.row.type,
    });
    return isEmptyOutcome(outcome) ? prepared : { ...prepared, ruled: outcome };
  });
}

/** The description the ledger writer stores for an imported row. */
export function storedDescription(prepared: PreparedRow): string {
  return (prepared.row.description ?? prepared.row.payee).slice(0, 255);
}
