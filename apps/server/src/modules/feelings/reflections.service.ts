/** The month-end reflection: what went well, what to change (DECISIONS.md #45). */
import type { MonthParams, Reflection, ReflectionBody } from '@mindspend/api-contract';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { findReflection, saveReflection } from './reflections.repo';

/** The member's own reflection on the month, or the same shape empty (`updated_at` null) when none was written. */
export async function monthReflection(deps: AppDeps, scope: BookScope, at: MonthParams): Promise<Reflection> {
  const row = await findReflection(deps.db, scope, at);
  return row ?? { year: at.year, month: at.month, went_well: '', change_next: '', updated_at: null };
}

/** Writes (or rewrites) the month's reflection, trimmed. */
export async function writeReflection(deps: AppDeps, scope: BookScope, at: MonthParams, body: ReflectionBody): Promise<Reflection> {
  const now = isoNow(deps.clock);
  const values = { went_well: body.went_well.trim(), change_next: body.change_next.trim() };
  await writeInBook(deps, scope, (trx) => saveReflection(trx, scope, { year: at.year, month: at.month }, values, now));
  return { year: at.year, month: at.month, ...values, updated_at: now };
}
