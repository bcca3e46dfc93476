/**
 * Categorization rules (issue 15; docs/DECISIONS.md #51): an ordered list per user of "when all
 * these conditions hold, set these fields". This file is the model every layer shares: the
 * conditions and actions as stored (amounts in cents) and the limits the API enforces.
 */
import type { Feeling, Purpose, TransactionType } from '../ledger/transactions';

/** Text fields a condition can test; `payee` also looks at the bank's text (DECISIONS.md #51). */
export const RULE_TEXT_FIELDS = ['payee', 'description'] as const;
export type RuleTextField = (typeof RULE_TEXT_FIELDS)[number];

/** How a text condition compares, always ignoring case. */
export const RULE_TEXT_OPS = ['contains', 'equals', 'starts_with'] as const;
export type RuleTextOp = (typeof RULE_TEXT_OPS)[number];

export type RuleCondition =
  | { field: RuleTextField; op: RuleTextOp; value: string }
  /** Inclusive on both ends, on the positive amount (the type says the direction). */
  | { field: 'amount'; op: 'between'; value: { minCents: number; maxCents: number } }
  | { field: 'account'; op: 'is'; value: number }
  | { field: 'type'; op: 'is'; value: TransactionType };

/** What a matching rule sets; a field left out is left alone. */
export interface RuleActions {
  subcategoryId?: number;
  feeling?: Feeling;
  purpose?: Purpose;
  entityId?: number;
  notes?: string;
}

export interface Rule {
  id: number;
  conditions: RuleCondition[];
  actions: RuleActions;
}

/** The names of the actions, in the order a sentence lists them. */
export const RULE_ACTION_KEYS = ['subcategoryId', 'feeling', 'purpose', 'entityId', 'notes'] as const satisfies readonly (keyof RuleActions)[];

/** Rules one person may keep: far more than anyone writes by hand, few enough to check per row. */
export const MAX_RULES_PER_USER = 100;
/** Conditions of one rule (all must hold). */
export const MAX_CONDITIONS_PER_RULE = 10;
/** Longest text a text condition compares with. */
export const MAX_RULE_TEXT = 100;

/** What a rule looks at in one transaction, imported or already in the ledger. */
export interface RuleSubject {
  /** The payee's name (the entity's name); empty when the transaction has none. */
  payee: string;
  /** The description as stored (an import stores the bank's text there); empty when none. */
  description: string;
  /** Positive cents. */
  amountCents: number;
  accountId: number;
  type: TransactionType;
}

/** The fields the matching rules set for one transaction (the first rule in order wins per field). */
export type RuleOutcome = RuleActions;
