/**
 * A rule between its three forms (docs/DECISIONS.md #51): the wire's (dollars, snake_case), the
 * rule model's (cents, camelCase), and the stored JSON text of the model. Stored JSON is parsed
 * back through a schema, so a row the code no longer understands fails loudly instead of matching
 * by accident.
 */
import type { CreateRuleBody, RuleActionsBody, RuleConditionBody, RuleItem } from '@mindspend/api-contract';
import {
  FEELING_VALUES,
  PURPOSE_VALUES,
  RULE_TEXT_FIELDS,
  RULE_TEXT_OPS,
  TRANSACTION_TYPES,
  fromCents,
  toCents,
  type Rule,
  type RuleActions,
  type RuleCondition,
} from '@mindspend/domain';
import { z } from 'zod';
import type { RuleRow } from '../../db/rule-schema';

const storedCondition = z.discriminatedUnion('field', [
  z.object({ field: z.enum(RULE_TEXT_FIELDS), op: z.enum(RULE_TEXT_OPS), value: z.string() }),
  z.object({ field: z.literal('amount'), op: z.literal('between'), value: z.object({ minCents: z.number().int(), maxCents: z.number().int() }) }),
  z.object({ field: z.literal('account'), op: z.literal('is'), value: z.number().int() }),
  z.object({ field: z.literal('type'), op: z.literal('is'), value: z.enum(TRANSACTION_TYPES) }),
]);

const storedActions = z.object({
  subcategoryId: z.number().int().optional(),
  feeling: z.enum(FEELING_VALUES).optional(),
  purpose: z.enum(PURPOSE_VALUES).optional(),
  entityId: z.number().int().optional(),
  notes: z.string().optional(),
});

/** The wire's condition as the model's: amounts to cents, text kept as typed (matching ignores case). */
export function conditionFromBody(condition: RuleConditionBody): RuleCondition {
  if (condition.field === 'amount')
    return { field: 'amount', op: 'between', value: { minCents: toCents(condition.value.min), maxCents: toCents(condition.value.max) } };
  return condition;
}

export function actionsFromBody(actions: RuleActionsBody): RuleActions {
  return {
    ...(actions.subcategory_id !== undefined && { subcategoryId: actions.subcategory_id }),
    ...(actions.feeling !== undefined && { feeling: actions.feeling }),
    ...(actions.purpose !== undefined && { purpose: actions.purpose }),
    ...(actions.entity_id !== undefined && { entityId: actions.entity_id }),
    ...(actions.notes !== undefined && { notes: actions.notes }),
  };
}

export function ruleFromBody(body: CreateRuleBody): Pick<Rule, 'conditions' | 'actions'> {
  return { conditions: body.conditions.map(conditionFromBody), actions: actionsFromBody(body.actions) };
}

/** The stored row as the rule model. */
export function ruleFromRow(row: RuleRow): Rule {
  return {
    id: row.id,
    conditions: z.array(storedCondition).parse(JSON.parse(row.conditions)),
    actions: storedActions.parse(JSON.parse(row.actions)),
  };
}

function conditionToBody(condition: RuleCondition): RuleConditionBody {
  if (condition.field === 'amount')
    return { field: 'amount', op: 'between', value: { min: fromCents(condition.value.minCents), max: fromCents(condition.value.maxCents) } };
  return condition;
}

/** The stored row as the API answers it; `position` is its place in the list, from 1. */
export function presentRule(row: RuleRow, position: number): RuleItem {
  const rule = ruleFromRow(row);
  const { subcategoryId, feeling, purpose, entityId, notes } = rule.actions;
  return {
    id: row.id,
    position,
    conditions: rule.conditions.map(conditionToBody),
    actions: {
      ...(subcategoryId !== undefined && { subcategory_id: subcategoryId }),
      ...(feeling !== undefined && { feeling }),
      ...(purpose !== undefined && { purpose }),
      ...(entityId !== undefined && { entity_id: entityId }),
      ...(notes !== undefined && { notes }),
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
