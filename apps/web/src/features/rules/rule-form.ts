/**
 * The rule form's values and how they become a request body (docs/DECISIONS.md #51): a list of
 * conditions of any kind and the five optional actions, empty meaning "leave as is".
 */
import type { CreateRuleBody, RuleConditionBody, RuleItem, Transaction } from '@mindspend/api-contract';
import { MAX_RULE_TEXT, type Feeling, type Purpose, type Rule, type RuleTextField, type RuleTextOp, type TransactionType, toCents } from '@mindspend/domain';

export type ConditionKind = RuleTextField | 'amount' | 'account' | 'type';

export interface ConditionValues {
  kind: ConditionKind;
  op: RuleTextOp;
  text: string;
  min: number | '';
  max: number | '';
  accountId: number | null;
  type: TransactionType;
}

export interface RuleFormValues {
  conditions: ConditionValues[];
  subcategoryId: number | null;
  feeling: Feeling | null;
  purpose: Purpose | null;
  entityId: number | null;
  notes: string;
}

export function emptyCondition(kind: ConditionKind = 'payee'): ConditionValues {
  return { kind, op: 'contains', text: '', min: '', max: '', accountId: null, type: 'expense' };
}

export function emptyRuleForm(): RuleFormValues {
  return { conditions: [emptyCondition()], subcategoryId: null, feeling: null, purpose: null, entityId: null, notes: '' };
}

function conditionValues(condition: RuleConditionBody): ConditionValues {
  const empty = emptyCondition(condition.field);
  switch (condition.field) {
    case 'payee':
    case 'description':
      return { ...empty, op: condition.op, text: condition.value };
    case 'amount':
      return { ...empty, min: condition.value.min, max: condition.value.max };
    case 'account':
      return { ...empty, accountId: condition.value };
    case 'type':
      return { ...empty, type: condition.value };
  }
}

export function ruleFormFrom(rule: RuleItem): RuleFormValues {
  const { actions } = rule;
  return {
    conditions: rule.conditions.map(conditionValues),
    subcategoryId: actions.subcategory_id ?? null,
    feeling: actions.feeling ?? null,
    purpose: actions.purpose ?? null,
    entityId: actions.entity_id ?? null,
    notes: actions.notes ?? '',
  };
}

/**
 * A rule that would have categorized this transaction as it is now: its payee (or, without one,
 * its description) and its type, setting its one sub-category, its feeling and its purpose.
 */
export function ruleFormFromTransaction(transaction: Transaction): RuleFormValues {
  const payee = transaction.entity?.name ?? transaction.payee ?? '';
  const text = (payee || transaction.description || '').slice(0, MAX_RULE_TEXT);
  const match: ConditionValues = { ...emptyCondition(payee ? 'payee' : 'description'), text };
  const only = transaction.subcategories.length === 1 ? transaction.subcategories[0] : undefined;
  return {
    conditions: [match, { ...emptyCondition('type'), type: transaction.type }],
    subcategoryId: only?.id ?? null,
    feeling: transaction.emotion_names[0] ?? null,
    purpose: transaction.purpose,
    entityId: null,
    notes: '',
  };
}

/** What the form is missing, in the words the server would use; empty when it can be sent. */
export function ruleFormErrors(values: RuleFormValues): string[] {
  const errors: string[] = [];
  if (values.conditions.length === 0) errors.push('Add at least one condition.');
  for (const condition of values.conditions) {
    if ((condition.kind === 'payee' || condition.kind === 'description') && condition.text.trim() === '')
      errors.push('Type the text the rule looks for.');
    if (condition.kind === 'amount') {
      if (condition.min === '' || condition.max === '') errors.push('Enter the lowest and the highest amount.');
      else if (condition.min > condition.max) errors.push('The lowest amount must not be more than the highest.');
    }
    if (condition.kind === 'account' && condition.accountId === null) errors.push('Choose the account.');
  }
  const { subcategoryId, feeling, purpose, entityId, notes } = values;
  if (subcategoryId === null && feeling === null && purpose === null && entityId === null && notes.trim() === '')
    errors.push('Choose at least one thing the rule sets.');
  return [...new Set(errors)];
}

function conditionBody(condition: ConditionValues): RuleConditionBody {
  switch (condition.kind) {
    case 'payee':
    case 'description':
      return { field: condition.kind, op: condition.op, value: condition.text };
    case 'amount':
      return { field: 'amount', op: 'between', value: { min: Number(condition.min), max: Number(condition.max) } };
    case 'account':
      return { field: 'account', op: 'is', value: condition.accountId ?? 0 };
    case 'type':
      return { field: 'type', op: 'is', value: condition.type };
  }
}

/** The body of POST /rules (and of PATCH, which takes the same two parts). */
export function ruleBodyFrom(values: RuleFormValues): CreateRuleBody {
  const notes = values.notes.trim();
  return {
    conditions: values.conditions.map(conditionBody),
    actions: {
      ...(values.subcategoryId !== null && { subcategory_id: values.subcategoryId }),
      ...(values.feeling !== null && { feeling: values.feeling }),
      ...(values.purpose !== null && { purpose: values.purpose }),
      ...(values.entityId !== null && { entity_id: values.entityId }),
      ...(notes !== '' && { notes }),
    },
  };
}

/** The ids in order after moving one rule a place up (-1) or down (+1); unchanged at an end. */
export function movedOrder(ids: number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to] as number, next[from] as number];
  return next;
}

/** The answer's rule as the domain's model (cents, camelCase), to describe it in a sentence. */
export function ruleModelOf(rule: RuleItem): Pick<Rule, 'conditions' | 'actions'> {
  const { subcategory_id: subcategoryId, feeling, purpose, entity_id: entityId, notes } = rule.actions;
  return {
    conditions: rule.conditions.map((condition) =>
      condition.field === 'amount'
        ? { field: 'amount', op: 'between', value: { minCents: toCents(condition.value.min), maxCents: toCents(condition.value.max) } }
        : condition,
    ),
    actions: {
      ...(subcategoryId !== undefined && { subcategoryId }),
      ...(feeling !== undefined && { feeling }),
      ...(purpose !== undefined && { purpose }),
      ...(entityId !== undefined && { entityId }),
      ...(notes !== undefined && { notes }),
    },
  };
}
