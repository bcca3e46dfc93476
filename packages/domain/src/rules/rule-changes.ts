/**
 * What applying a rule's outcome to a transaction already in the ledger changes
 * (docs/DECISIONS.md #52): only fields that differ, and never a split the person made.
 */
import type { Feeling, Purpose } from '../ledger/transactions';
import type { RuleOutcome } from './rule-model';

/** The fields of a stored transaction a rule can set. */
export interface RuleTarget {
  /** Its split lines' sub-categories; none when uncategorized. */
  subcategoryIds: readonly number[];
  feeling: Feeling | null;
  purpose: Purpose | null;
  entityId: number | null;
  notes: string | null;
}

/**
 * The outcome's fields that would change the transaction. The sub-category replaces the one line
 * of a transaction with zero or one line (for its whole amount); a transaction split over several
 * sub-categories keeps its lines, which the person divided on purpose.
 */
export function ruleChanges(outcome: RuleOutcome, target: RuleTarget): RuleOutcome {
  const changes: RuleOutcome = {};
  const { subcategoryId, feeling, purpose, entityId, notes } = outcome;
  const lines = target.subcategoryIds;
  if (subcategoryId !== undefined && lines.length <= 1 && lines[0] !== subcategoryId) changes.subcategoryId = subcategoryId;
  if (feeling !== undefined && feeling !== target.feeling) changes.feeling = feeling;
  if (purpose !== undefined && purpose !== target.purpose) changes.purpose = purpose;
  if (entityId !== undefined && entityId !== target.entityId) changes.entityId = entityId;
  if (notes !== undefined && notes !== target.notes) changes.notes = notes;
  return changes;
}
