/**
 * The user's rules made ready to match (docs/DECISIONS.md #51): each sub-category's type, and no
 * action naming a payee the user has removed since the rule was written (that action is dropped;
 * the rule's other actions still apply).
 */
import { type CompiledRules, type Rule, compileRules } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listRules, ownEntityIds, subcategoryTypes } from './rules.repo';
import { ruleFromRow } from './rule-storage';

export async function compileUsable(db: Kysely<Database>, bookId: number, rules: Rule[]): Promise<CompiledRules> {
  const entityIds = rules.flatMap((rule) => (rule.actions.entityId === undefined ? [] : [rule.actions.entityId]));
  const [types, entities] = await Promise.all([subcategoryTypes(db, bookId), ownEntityIds(db, bookId, entityIds)]);
  const usable = rules.map((rule) => {
    const { entityId, ...others } = rule.actions;
    return entityId === undefined || entities.has(entityId) ? rule : { ...rule, actions: others };
  });
  return compileRules(usable, types);
}

/** All of the user's rules, in order, compiled once (an import, a bank sync). */
export async function compileUserRules(db: Kysely<Database>, bookId: number): Promise<CompiledRules> {
  const rules = (await listRules(db, bookId)).map(ruleFromRow);
  return compileUsable(db, bookId, rules);
}
