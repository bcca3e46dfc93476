/**
 * One figure of the ledger's account summary panel. The ledger computes the figures every account
 * has and the budgets feature adds the ones that need budgets: the shape lives here so that both
 * can depend on it without depending on each other.
 */
import type { Cents } from '@mindspend/domain';

export interface SummaryFigure {
  label: string;
  /** null while the month's figures load, or when there is nothing to show (`unknown`). */
  cents: Cents | null;
  /** The figure cannot be known yet (a card without a limit): shown as a dash, not as loading. */
  unknown?: boolean;
  /** Savings' Difference: a check mark when ok, a cross when negative. */
  ok?: boolean;
  hint?: string;
}
