/**
 * Categorization rules (issue 15; docs/DECISIONS.md #51, #52): GET/POST /rules,
 * PATCH/DELETE /rules/{id}, PUT /rules/order, POST /rules/{id}/preview and /rules/{id}/apply.
 * Amounts are dollars on the wire, as everywhere else; the server stores cents.
 */
import {
  FEELING_VALUES,
  MAX_CONDITIONS_PER_RULE,
  MAX_RULES_PER_USER,
  MAX_RULE_TEXT,
  PURPOSE_VALUES,
  RULE_TEXT_FIELDS,
  RULE_TEXT_OPS,
  TRANSACTION_TYPES,
} from '@mindspend/domain';
import { z } from 'zod';
import { LONG_TEXT_MAX, text } from './common';
import { referenceId } from './ledger-common';
import { nonNegativeAmount } from './income';

export const RULE_NEEDS_CONDITION = 'Add at least one condition.';
export const RULE_NEEDS_ACTION = 'Choose at least one thing the rule sets.';
export const RULE_AMOUNT_RANGE = 'The lowest amount must not be more than the highest.';
export const RULE_TEXT_REQUIRED = 'Type the text the rule looks for.';
export const TOO_MANY_CONDITIONS = `A rule can have at most ${MAX_CONDITIONS_PER_RULE} conditions.`;
export const TOO_MANY_RULES = `You can keep at most ${MAX_RULES_PER_USER} rules. Remove one you no longer need first.`;
export const RULE_ORDER_MISMATCH = 'List every one of your rules exactly once to reorder them.';

const textCondition = z.object({
  field: z.enum(RULE_TEXT_FIELDS),
  op: z.enum(RULE_TEXT_OPS),
  value: text(MAX_RULE_TEXT).refine((value) => value.trim() !== '', RULE_TEXT_REQUIRED),
});

const amountCondition = z.object({
  field: z.literal('amount'),
  op: z.literal('between'),
  value: z
    .object({ min: nonNegativeAmount, max: nonNegativeAmount })
    .refine((range) => range.min <= range.max, { message: RULE_AMOUNT_RANGE, path: ['max'] }),
});

const accountCondition = z.object({
  field: z.literal('account'),
  op: z.literal('is'),
  value: referenceId('The selected account does not exist.'),
});

const typeCondition = z.object({ field: z.literal('type'), op: z.literal('is'), value: z.enum(TRANSACTION_TYPES) });

/** One condition `{ field, op, value }`; all of a rule's conditions must hold. */
export const ruleConditionSchema = z.discriminatedUnion('field', [textCondition, amountCondition, accountCondition, typeCondition]);
export type RuleConditionBody = z.infer<typeof ruleConditionSchema>;

/** What the rule sets; at least one. */
export const ruleActionsSchema = z
  .object({
    subcategory_id: referenceId('The selected sub-category does not exist.').optional(),
    feeling: z.enum(FEELING_VALUES).optional(),
    purpose: z.enum(PURPOSE_VALUES).optional(),
    entity_id: referenceId('The selected payee does not exist.').optional(),
    notes: text(LONG_TEXT_MAX).optional(),
  })
  .refine((actions) => Object.values(actions).some((value) => value !== undefined), RULE_NEEDS_ACTION);
export type RuleActionsBody = z.infer<typeof ruleActionsSchema>;

const conditions = z.array(ruleConditionSchema).min(1, RULE_NEEDS_CONDITION).max(MAX_CONDITIONS_PER_RULE, TOO_MANY_CONDITIONS);

export const ruleSchema = z.object({
  id: z.number().int(),
  /** 1 for the first rule; a rule higher in the list wins a field both set (DECISIONS.md #51). */
  position: z.number().int(),
  conditions: z.array(ruleConditionSchema),
  actions: z.object({
    subcategory_id: z.number().int().optional(),
    feeling: z.enum(FEELING_VALUES).optional(),
    purpose: z.enum(PURPOSE_VALUES).optional(),
    entity_id: z.number().int().optional(),
    notes: z.string().optional(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RuleItem = z.infer<typeof ruleSchema>;
export const rulesResponse = z.array(ruleSchema);

/** POST /rules: added at the end of the list. */
export const createRuleBody = z.object({ conditions, actions: ruleActionsSchema });
export type CreateRuleBody = z.infer<typeof createRuleBody>;

/** PATCH /rules/{id}: replaces the conditions and/or the actions given. */
export const updateRuleBody = z
  .object({ conditions: conditions.optional(), actions: ruleActionsSchema.optional() })
  .refine((body) => body.conditions !== undefined || body.actions !== undefined, 'Send the conditions or the actions to change.');
export type UpdateRuleBody = z.infer<typeof updateRuleBody>;

/** PUT /rules/order: every one of the user's rule ids, once each, in the new order. */
export const ruleOrderBody = z.object({
  ids: z.array(referenceId('The selected rule does not exist.')).max(MAX_RULES_PER_USER, RULE_ORDER_MISMATCH),
});
export type RuleOrderBody = z.infer<typeof ruleOrderBody>;

/** A transaction a preview shows. */
export const ruleSampleSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  date: z.string(),
  payee: z.string().nullable(),
  description: z.string().nullable(),
  amount: z.number(),
  type: z.enum(TRANSACTION_TYPES),
});
export type RuleSample = z.infer<typeof ruleSampleSchema>;

/** POST /rules/{id}/preview: how many transactions applying would change, and the newest few of them. */
export const rulePreviewResponse = z.object({ count: z.number().int(), sample: z.array(ruleSampleSchema) });
export type RulePreview = z.infer<typeof rulePreviewResponse>;

/** POST /rules/{id}/apply: how many transactions it changed. */
export const ruleApplyResponse = z.object({ updated: z.number().int() });
export type RuleApplyResult = z.infer<typeof ruleApplyResponse>;
