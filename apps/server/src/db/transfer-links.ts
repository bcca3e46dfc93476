/**
 * Ending transfers whose legs can no longer stay alike (docs/DECISIONS.md #48): an account
 * deleted, a bank withdrawing or correcting one side. The surviving legs become ordinary rows,
 * since the money did leave or reach their accounts, and can be suggested or linked again.
 * Shared by the modules that change rows behind a transfer's back (accounts, bank sync).
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export async function endTransfers(db: Kysely<Database>, bookId: number, transferIds: readonly number[], updatedAt: string): Promise<void> {
  const ids = [...new Set(transferIds)];
  if (ids.length === 0) return;
  await db
    .updateTable('transactions')
    .set({ transfer_id: null, updated_at: updatedAt })
    .where('book_id', '=', bookId)
    .where('transfer_id', 'in', ids)
    .execute();
  await db.deleteFrom('transfers').where('book_id', '=', bookId).where('id', 'in', ids).execute();
}
