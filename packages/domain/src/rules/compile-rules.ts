/**
 * Matching rules against transactions, compiled once per import or apply (docs/DECISIONS.md #51):
 * needles are lower-cased once here, each row's texts once per row, and a condition is a plain
 * closure (no regular expression), so 50 rules over 100,000 rows stay a small part of an import.
 */
import type { TransactionType } from '../ledger/transactions';
import {
  RULE_ACTION_KEYS,
  type Rule,
  type RuleActions,
  type RuleCondition,
  type RuleOutcome,
  type RuleSubject,
} from './rule-model';

/** A subject with its texts lower-cased, made once per row whatever the number of rules. */
interface LoweredSubject {
  payee: string;
  description: string;
  amountCents: number;
  accountId: number;
  type: TransactionType;
}

type Test = (subject: LoweredSubject) => boolean;

function textTest(op: 'contains' | 'equals' | 'starts_with', needle: string): (text: string) => boolean {
  if (op === 'contains') return (text) => text.includes(needle);
  if (op === 'equals') return (text) => text === needle;
  return (text) => text.startsWith(needle);
}

function compileCondition(condition: RuleCondition): Test {
  switch (condition.field) {
    case 'payee': {
      const test = textTest(condition.op, condition.value.toLowerCase());
      // The payee as a person reads it, or as the bank wrote it (DECISIONS.md #51).
      return (subject) => test(subject.payee) || test(subject.description);
    }
    case 'description': {
      const test = textTest(condition.op, condition.value.toLowerCase());
      return (subject) => test(subject.description);
    }
    case 'amount': {
      const { minCents, maxCents } = condition.value;
      return (subject) => subject.amountCents >= minCents && subject.amountCents <= maxCents;
    }
    case 'account': {
      const accountId = condition.value;
      return (subject) => subject.accountId === accountId;
    }
    case 'type': {
      const type = condition.value;
      return (subject) => subject.type === type;
    }
  }
}

interface CompiledRule {
  matches: Test;
  actions: RuleActions;
  /** The type of the rule's sub-category: it is set only on transactions of that type. */
  subcategoryType: TransactionType | undefined;
}

export interface CompiledRules {
  /** How many rules there are; none means every outcome is empty. */
  size: number;
  /** The fields the rules set for this transaction: per field, the first matching rule in order. */
  outcomeFor(subject: RuleSubject): RuleOutcome;
}

/**
 * Compiles rules in their order. `subcategoryTypes` says each sub-category's type: a rule whose
 * sub-category is unknown (or of the other type than the row) sets no sub-category, and leaves the
 * field to the next matching rule.
 */
export function compileRules(rules: readonly Rule[], subcategoryTypes: ReadonlyMap<number, TransactionType>): CompiledRules {
  const compiled: CompiledRule[] = rules.map((rule) => {
    const tests = rule.conditions.map(compileCondition);
    const subcategoryId = rule.actions.subcategoryId;
    return {
      matches: (subject) => tests.every((test) => test(subject)),
      actions: rule.actions,
      subcategoryType: subcategoryId === undefined ? undefined : subcategoryTypes.get(subcategoryId),
    };
  });
  return {
    size: compiled.length,
    outcomeFor(subject) {
      const outcome: RuleOutcome = {};
      if (compiled.length === 0) return outcome;
      const lowered: LoweredSubject = {
        ...subject,
        payee: subject.payee.toLowerCase(),
        description: subject.description.toLowerCase(),
      };
      for (const rule of compiled) {
        if (!rule.matches(lowered)) continue;
        assignUnset(outcome, rule, subject.type);
      }
      return outcome;
    },
  };
}

/** Copies the rule's actions into fields no earlier rule has set. */
function assignUnset(outcome: RuleOutcome, rule: CompiledRule, type: TransactionType): void {
  const { actions } = rule;
  for (const key of RULE_ACTION_KEYS) {
    if (outcome[key] !== undefined || actions[key] === undefined) continue;
    if (key === 'subcategoryId') {
      if (rule.subcategoryType === type) outcome.subcategoryId = actions.subcategoryId;
    } else if (key === 'feeling') outcome.feeling = actions.feeling;
    else if (key === 'purpose') outcome.purpose = actions.purpose;
    else if (key === 'entityId') outcome.entityId = actions.entityId;
    else outcome.notes = actions.notes;
  }
}

/** True when the outcome sets nothing. */
export function isEmptyOutcome(outcome: RuleOutcome): boolean {
  return RULE_ACTION_KEYS.every((key) => outcome[key] === undefined);
}
