/**
 * A rule applied to the transactions already in the ledger (issue 15; docs/DECISIONS.md #52):
 * preview counts what applying would change, apply changes it in one `writeInBook` transaction, so
 * an apply racing the rule's removal either applies fully or answers 404.
 */
import type { RuleApplyResult, RulePreview, RuleSample } from '@mindspend/api-contract';
import {
  FEELING_VALUES,
  PURPOSE_VALUES,
  type Feeling,
  type Purpose,
  type Rule,
  type RuleOutcome,
  fromCents,
  isEmptyOutcome,
  ruleChanges,
} from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type BookScope, writeInBook } from '../../db/book-scope';
import { type Feelings, feelingsOf, recordFeeling } from '../../db/feelings';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import { type RuleCandidate, replaceWithOneLine, ruleCandidates, splitSubcategories, updateTransactions } from './rule-apply.repo';
import { compileUsable } from './rules-compile';
import { findRule } from './rules.repo';
import { ruleFromRow } from './rule-storage';

/** Transactions a preview lists. */
const SAMPLE_SIZE = 5;

const isFeeling = (value: string | null): value is Feeling => FEELING_VALUES.some((feeling) => feeling === value);
const isPurpose = (value: string | null): value is Purpose => PURPOSE_VALUES.some((purpose) => purpose === value);

interface PlannedChange {
  transaction: RuleCandidate;
  changes: RuleOutcome;
}

/** The transactions the rule would change, newest first, with what would change on each. */
async function plan(db: Kysely<Database>, feelings: Feelings, rule: Rule): Promise<PlannedChange[]> {
  const { bookId } = feelings;
  const compiled = await compileUsable(db, bookId, [rule]);
  const [transactions, splits] = await Promise.all([ruleCandidates(db, feelings), splitSubcategories(db, bookId)]);
  const planned: PlannedChange[] = [];
  for (const transaction of transactions) {
    const outcome = compiled.outcomeFor({
      payee: transaction.entity_name ?? '',
      description: transaction.description ?? '',
      amountCents: transaction.amount_cents,
      accountId: transaction.account_id,
      type: transaction.type,
    });
    if (isEmptyOutcome(outcome)) continue;
    const changes = ruleChanges(outcome, {
      subcategoryIds: splits.get(transaction.id) ?? [],
      feeling: isFeeling(transaction.emotion) ? transaction.emotion : null,
      purpose: isPurpose(transaction.purpose) ? transaction.purpose : null,
      entityId: transaction.entity_id,
      notes: transaction.notes,
    });
    if (!isEmptyOutcome(changes)) planned.push({ transaction, changes });
  }
  return planned;
}

async function storedRule(db: Kysely<Database>, bookId: number, ruleId: number): Promise<Rule> {
  const row = await findRule(db, bookId, ruleId);
  if (!row) throw notFound('Rule');
  return ruleFromRow(row);
}

function sampleOf(transaction: RuleCandidate): RuleSample {
  return {
    id: transaction.id,
    account_id: transaction.account_id,
    date: transaction.date,
    payee: transaction.entity_name,
    description: transaction.description,
    amount: fromCents(transaction.amount_cents),
    type: transaction.type,
  };
}

/** How many transactions applying the rule would change, and the newest few. Reads only. */
export async function previewRule(deps: AppDeps, scope: BookScope, ruleId: number): Promise<RulePreview> {
  const planned = await plan(deps.db, await feelingsOf(deps.db, scope), await storedRule(deps.db, scope.bookId, ruleId));
  return { count: planned.length, sample: planned.slice(0, SAMPLE_SIZE).map((change) => sampleOf(change.transaction)) };
}

/** Applies the rule to every transaction it would change, all in one transaction. */
export function applyRule(deps: AppDeps, scope: BookScope, ruleId: number): Promise<RuleApplyResult> {
  return writeInBook(deps, scope, async (trx) => {
    const feelings = await feelingsOf(trx, scope);
    const planned = await plan(trx, feelings, await storedRule(trx, scope.bookId, ruleId));
    const now = isoNow(deps.clock);
    const changed = planned.map((change) => change.transaction.id);
    // One rule sets the same values on every row it changes: a field already holding its value is
    // set again to the same value, which changes nothing, so each field is one batched UPDATE.
    const fields = planned.reduce<RuleOutcome>((all, change) => ({ ...all, ...change.changes }), {});
    await updateTransactions(
      trx,
      scope.bookId,
      changed,
      {
        ...(fields.feeling !== undefined && !feelings.shared && { emotion: fields.feeling }),
        ...(fields.purpose !== undefined && { purpose: fields.purpose }),
        ...(fields.entityId !== undefined && { entity_id: fields.entityId }),
        ...(fields.notes !== undefined && { notes: fields.notes }),
        updated_at: now,
      },
    );
    // In a shared book a rule's feeling is the acting member's own (db/feelings.ts).
    if (fields.feeling !== undefined && feelings.shared) await recordFeeling(trx, feelings, changed, { first: fields.feeling }, now);
    if (fields.subcategoryId !== undefined) {
      const recategorized = planned.filter((change) => change.changes.subcategoryId !== undefined).map((change) => change.transaction);
      await replaceWithOneLine(trx, scope.bookId, fields.subcategoryId, recategorized);
    }
    return { updated: planned.length };
  });
}
