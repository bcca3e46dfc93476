/**
 * A user's rules (issue 15; docs/DECISIONS.md #51): list, add at the end, change, remove, reorder.
 * Every write runs in `writeInBook` and checks, inside its transaction, that the ids the rule names
 * are the user's own: another user's payee or account is refused like one that does not exist.
 */
import {
  type CreateRuleBody,
  RULE_ORDER_MISMATCH,
  type RuleItem,
  type RuleOrderBody,
  TOO_MANY_RULES,
  type UpdateRuleBody,
} from '@mindspend/api-contract';
import { MAX_RULES_PER_USER, type Rule, type FieldErrors } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { actionsFromBody, conditionFromBody, presentRule, ruleFromBody, ruleFromRow } from './rule-storage';
import { deleteRule, findRule, insertRule, listRules, ownAccountIds, ownEntityIds, ruleTally, subcategoryTypes, updateRule } from './rules.repo';

type RuleContent = Pick<Rule, 'conditions' | 'actions'>;

/** 422 naming each id of the rule that is not the user's (or does not exist). */
async function checkReferences(db: Kysely<Database>, scope: BookScope, rule: RuleContent): Promise<void> {
  const bookId = scope.bookId;
  const errors: FieldErrors = {};
  const { subcategoryId, entityId } = rule.actions;
  if (subcategoryId !== undefined && !(await subcategoryTypes(db, bookId)).has(subcategoryId))
    errors['actions.subcategory_id'] = ['The selected sub-category does not exist.'];
  if (entityId !== undefined && !(await ownEntityIds(db, bookId, [entityId])).has(entityId))
    errors['actions.entity_id'] = ['The selected payee does not exist.'];
  const accountIds = rule.conditions.flatMap((condition) => (condition.field === 'account' ? [condition.value] : []));
  const own = await ownAccountIds(db, scope, accountIds);
  if (accountIds.some((id) => !own.has(id))) errors.conditions = ['The selected account does not exist.'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

async function presentOne(db: Kysely<Database>, bookId: number, ruleId: number): Promise<RuleItem> {
  const rows = await listRules(db, bookId);
  const index = rows.findIndex((row) => row.id === ruleId);
  const row = rows[index];
  if (!row) throw notFound('Rule');
  return presentRule(row, index + 1);
}

export async function listUserRules(deps: AppDeps, scope: BookScope): Promise<RuleItem[]> {
  return (await listRules(deps.db, scope.bookId)).map((row, index) => presentRule(row, index + 1));
}

/** Adds the rule at the end of the list (the lowest precedence). */
export function createRule(deps: AppDeps, scope: BookScope, body: CreateRuleBody): Promise<RuleItem> {
  const rule = ruleFromBody(body);
  const now = isoNow(deps.clock);
  return writeInBook(deps, scope, async (trx) => {
    await checkReferences(trx, scope, rule);
    const tally = await ruleTally(trx, scope.bookId);
    if (tally.count >= MAX_RULES_PER_USER) throw validationFailed({ rules: [TOO_MANY_RULES] });
    const { id } = await insertRule(trx, {
      book_id: scope.bookId,
      position: tally.nextPosition,
      conditions: JSON.stringify(rule.conditions),
      actions: JSON.stringify(rule.actions),
      created_at: now,
      updated_at: now,
    });
    return presentOne(trx, scope.bookId, id);
  });
}

/** Replaces the conditions and/or the actions given; the rule keeps its place. */
export function editRule(deps: AppDeps, scope: BookScope, ruleId: number, body: UpdateRuleBody): Promise<RuleItem> {
  return writeInBook(deps, scope, async (trx) => {
    const row = await findRule(trx, scope.bookId, ruleId);
    if (!row) throw notFound('Rule');
    const stored = ruleFromRow(row);
    const rule: RuleContent = {
      conditions: body.conditions ? body.conditions.map(conditionFromBody) : stored.conditions,
      actions: body.actions ? actionsFromBody(body.actions) : stored.actions,
    };
    await checkReferences(trx, scope, rule);
    await updateRule(trx, scope.bookId, ruleId, {
      conditions: JSON.stringify(rule.conditions),
      actions: JSON.stringify(rule.actions),
      updated_at: isoNow(deps.clock),
    });
    return presentOne(trx, scope.bookId, ruleId);
  });
}

export function removeRule(deps: AppDeps, scope: BookScope, ruleId: number): Promise<void> {
  return writeInBook(deps, scope, async (trx) => {
    if (!(await findRule(trx, scope.bookId, ruleId))) throw notFound('Rule');
    await deleteRule(trx, scope.bookId, ruleId);
  });
}

/**
 * Puts the rules in the order given, which must name every one of the user's rules once: a list
 * read before another tab added or removed a rule is refused rather than guessed at.
 */
export function reorderRules(deps: AppDeps, scope: BookScope, body: RuleOrderBody): Promise<RuleItem[]> {
  return writeInBook(deps, scope, async (trx) => {
    const rows = await listRules(trx, scope.bookId);
    const given = new Set(body.ids);
    const same = given.size === body.ids.length && rows.length === body.ids.length && rows.every((row) => given.has(row.id));
    if (!same) throw validationFailed({ ids: [RULE_ORDER_MISMATCH] });
    for (const [index, id] of body.ids.entries()) await updateRule(trx, scope.bookId, id, { position: index + 1 });
    return (await listRules(trx, scope.bookId)).map((row, index) => presentRule(row, index + 1));
  });
}
