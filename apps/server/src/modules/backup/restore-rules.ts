/**
 * Categorization rules in a backup (docs/DECISIONS.md #51, #70): every id a rule names must be a
 * row of the file (payees, accounts) or a shared sub-category, as for transactions; a restore
 * writes the rules in their order, with the new ids of what they name.
 */
import type { Backup } from '@mindspend/api-contract';
import type { RuleCondition } from '@mindspend/domain';
import type { Insertable } from 'kysely';
import type { RulesTable } from '../../db/rule-schema';
import { ruleFromBody } from '../rules';

type BackupRule = NonNullable<Backup['rules']>[number];

/** The file's rules in list order (their `position`), each position at most once. */
export function rulesInOrder(backup: Backup): BackupRule[] {
  return [...(backup.rules ?? [])].sort((a, b) => a.position - b.position);
}

/** Sentences for each rule that shares an id or a position, or names what the file does not hold. */
export function ruleProblems(
  backup: Backup,
  known: { accounts: ReadonlySet<number>; entities: ReadonlySet<number>; subcategories: ReadonlySet<number> },
): string[] {
  const rules = backup.rules ?? [];
  const problems: string[] = [];
  if (new Set(rules.map((rule) => rule.id)).size !== rules.length) problems.push('The backup file is not valid: two rules share an id.');
  if (new Set(rules.map((rule) => rule.position)).size !== rules.length)
    problems.push('The backup file is not valid: two rules share a position in the list.');
  const missing = (rule: BackupRule, id: number, refersTo: string) =>
    problems.push(`The backup file refers to ${refersTo} ${id} that it does not contain (rule ${rule.id}).`);
  for (const rule of rules) {
    const { subcategory_id: subcategoryId, entity_id: entityId } = rule.actions;
    if (subcategoryId !== undefined && !known.subcategories.has(subcategoryId)) missing(rule, subcategoryId, 'sub-category');
    if (entityId !== undefined && !known.entities.has(entityId)) missing(rule, entityId, 'payee');
    for (const condition of rule.conditions)
      if (condition.field === 'account' && !known.accounts.has(condition.value)) missing(rule, condition.value, 'account');
  }
  return problems;
}

/** The rows to insert, positions 1, 2, … in the file's order, every id through `remap`. */
export function ruleRows(
  backup: Backup,
  bookId: number,
  remap: { account: (id: number) => number; entity: (id: number) => number; subcategory: (id: number) => number },
): Array<Insertable<RulesTable>> {
  return rulesInOrder(backup).map((rule, index) => {
    // The same conversion as POST /rules (dollars to cents), then the file's ids to the new ones.
    const { conditions, actions } = ruleFromBody(rule);
    const remapped = conditions.map((condition): RuleCondition =>
      condition.field === 'account' ? { ...condition, value: remap.account(condition.value) } : condition,
    );
    const { entityId, subcategoryId } = actions;
    const remappedActions = {
      ...actions,
      ...(entityId !== undefined && { entityId: remap.entity(entityId) }),
      ...(subcategoryId !== undefined && { subcategoryId: remap.subcategory(subcategoryId) }),
    };
    return {
      book_id: bookId,
      position: index + 1,
      conditions: JSON.stringify(remapped),
      actions: JSON.stringify(remappedActions),
      created_at: rule.created_at,
      updated_at: rule.updated_at,
    };
  });
}
