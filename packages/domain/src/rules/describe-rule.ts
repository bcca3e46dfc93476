/** A rule as one sentence, for the Rules screen: 'If payee contains "AMZN Mktp" → Shopping · Optional'. */
import { FEELINGS } from '../enums';
import { formatMoney } from '../money';
import type { Rule, RuleCondition } from './rule-model';

/** Names of the ids a rule refers to; undefined for one that no longer exists. */
export interface RuleNames {
  subcategory(id: number): string | undefined;
  entity(id: number): string | undefined;
  account(id: number): string | undefined;
}

const TEXT_OPS = { contains: 'contains', equals: 'is', starts_with: 'starts with' } as const;

function describeCondition(condition: RuleCondition, names: RuleNames): string {
  switch (condition.field) {
    case 'payee':
    case 'description':
      return `${condition.field} ${TEXT_OPS[condition.op]} "${condition.value}"`;
    case 'amount':
      return `amount is ${formatMoney(condition.value.minCents)} to ${formatMoney(condition.value.maxCents)}`;
    case 'account':
      return `account is ${names.account(condition.value) ?? 'a removed account'}`;
    case 'type':
      return condition.value === 'income' ? 'it is income' : 'it is an expense';
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The conditions joined by "and", then the actions joined by " · ". */
export function describeRule(rule: Pick<Rule, 'conditions' | 'actions'>, names: RuleNames): string {
  const when = rule.conditions.map((condition) => describeCondition(condition, names)).join(' and ');
  const { subcategoryId, feeling, purpose, entityId, notes } = rule.actions;
  const then = [
    subcategoryId !== undefined && (names.subcategory(subcategoryId) ?? 'a removed sub-category'),
    feeling !== undefined && (FEELINGS.find((option) => option.value === feeling)?.label ?? feeling),
    purpose !== undefined && capitalized(purpose),
    entityId !== undefined && `payee ${names.entity(entityId) ?? 'a removed payee'}`,
    notes !== undefined && `notes "${notes}"`,
  ].filter((part): part is string => typeof part === 'string');
  return `If ${when} → ${then.join(' · ')}`;
}
