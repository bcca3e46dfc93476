/**
 * Matching rules against transactions, compiled once per import or apply (docs/DECISIONS.md #51):
 * needles are lower-cased once here, a row's texts once per distinct payee and description (whose
 * text conditions are then remembered), and a condition is a plain closure (no regular expression),
 * so 50 rules over 100,000 rows stay a small part of an import.
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

/** A test of the row's lower-cased payee and description. */
type TextTest = (payee: string, description: string) => boolean;
/** A test of the row's numbers and kinds: amount, account, type. */
type ValueTest = (subject: RuleSubject) => boolean;

function textTest(op: 'contains' | 'equals' | 'starts_with', needle: string): (text: string) => boolean {
  if (op === 'contains') return (text) => text.includes(needle);
  if (op === 'equals') return (text) => text === needle;
  return (text) => text.startsWith(needle);
}

type TextCondition = Extract<RuleCondition, { field: 'payee' | 'description' }>;

function isTextCondition(condition: RuleCondition): condition is TextCondition {
  return condition.field === 'payee' || condition.field === 'description';
}

function compileTextCondition(condition: TextCondition): TextTest {
  const test = textTest(condition.op, condition.value.toLowerCase());
  // The payee as a person reads it, or as the bank wrote it (DECISIONS.md #51).
  if (condition.field === 'payee') return (payee, description) => test(payee) || test(description);
  return (_payee, description) => test(description);
}

function compileValueCondition(condition: Exclude<RuleCondition, TextCondition>): ValueTest {
  switch (condition.field) {
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
  textTests: TextTest[];
  valueTests: ValueTest[];
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
 * Distinct payee-and-description pairs remembered per compilation. A statement repeats its payees,
 * so the text conditions (the costly part) run once per distinct pair; the bound keeps a file of
 * all-different lines from holding them all.
 */
const TEXT_CACHE_LIMIT = 20_000;

/**
 * Compiles rules in their order. `subcategoryTypes` says each sub-category's type: a rule whose
 * sub-category is unknown (or of the other type than the row) sets no sub-category, and leaves the
 * field to the next matching rule.
 */
export function compileRules(rules: readonly Rule[], subcategoryTypes: ReadonlyMap<number, TransactionType>): CompiledRules {
  const compiled: CompiledRule[] = rules.map((rule) => {
    const textTests: TextTest[] = [];
    const valueTests: ValueTest[] = [];
    for (const condition of rule.conditions) {
      if (isTextCondition(condition)) textTests.push(compileTextCondition(condition));
      else valueTests.push(compileValueCondition(condition));
    }
    const subcategoryId = rule.actions.subcategoryId;
    return {
      textTests,
      valueTests,
      actions: rule.actions,
      subcategoryType: subcategoryId === undefined ? undefined : subcategoryTypes.get(subcategoryId),
    };
  });
  // Per payee, then per description, the rules (in order) whose text conditions all hold. Nested
  // maps rather than one joined key: no string is built per row.
  const byTexts = new Map<string, Map<string, CompiledRule[]>>();
  let remembered = 0;
  const textCandidates = (payee: string, description: string): CompiledRule[] => {
    let byDescription = byTexts.get(payee);
    const known = byDescription?.get(description);
    if (known) return known;
    const [lowerPayee, lowerDescription] = [payee.toLowerCase(), description.toLowerCase()];
    const candidates = compiled.filter((rule) => rule.textTests.every((test) => test(lowerPayee, lowerDescription)));
    if (remembered >= TEXT_CACHE_LIMIT) {
      byTexts.clear();
      byDescription = undefined;
      remembered = 0;
    }
    if (!byDescription) {
      byDescription = new Map();
      byTexts.set(payee, byDescription);
    }
    byDescription.set(description, candidates);
    remembered += 1;
    return candidates;
  };
  return {
    size: compiled.length,
    outcomeFor(subject) {
      const outcome: RuleOutcome = {};
      if (compiled.length === 0) return outcome;
      for (const rule of textCandidates(subject.payee, subject.description)) {
        if (rule.valueTests.every((test) => test(subject))) assignUnset(outcome, rule, subject.type);
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
