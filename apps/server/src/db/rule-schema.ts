/** Kysely types of categorization rules (migration 0019, docs/DECISIONS.md #51). */
import type { Generated, Selectable } from 'kysely';

export interface RulesTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  /** Order in the user's list, lowest first; gaps allowed. */
  position: number;
  /** JSON array of the rule model's conditions (amounts in cents). */
  conditions: string;
  /** JSON object of the rule model's actions. */
  actions: string;
  created_at: string;
  updated_at: string;
}

export interface RuleTables {
  rules: RulesTable;
}

export type RuleRow = Selectable<RulesTable>;
