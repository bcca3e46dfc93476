// Seeds the bench user's budgets (in their personal book) for the budgets stage of `npm run bench`: one budget per expense
// sub-category up to `count` (60 by default), every third a bill due on a day of the month, the
// rest flexible, all repeating monthly from five years back, some with a month of their own.
import type { DatabaseHandle } from '../../../apps/server/src/db/connection';

export async function seedBudgets(handle: DatabaseHandle, bookId: number, now: Date, count = 60): Promise<number> {
  const subcategories = await handle.db.selectFrom('subcategories').select(['id', 'name', 'emoji']).where('type', '=', 'expense').orderBy('id').limit(count).execute();
  const start = `${now.getUTCFullYear() - 5}-01-01`;
  const stamp = now.toISOString();
  await handle.db.transaction().execute(async (trx) => {
    for (const [index, subcategory] of subcategories.entries()) {
      const bill = index % 3 === 0;
      const { id } = await trx
        .insertInto('budgets')
        .values({
          book_id: bookId,
          subcategory_id: subcategory.id,
          display_name: subcategory.name,
          emoji: subcategory.emoji,
          website: null,
          due_in_full: bill ? 1 : 0,
          amount_cents: 5_000 + index * 1_250,
          is_recurring: 1,
          repeat_frequency: 'month',
          repeat_interval: 1,
          repeat_start: start,
          start_day: bill ? (index % 28) + 1 : null,
          ending: 'never',
          repeat_num_occurrences: null,
          repeat_end: null,
          ends_before_month: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A few months with their own amount and a paid or skipped bill, as a real history has.
      if (index % 4 === 0) {
        await trx
          .insertInto('budget_months')
          .values({ book_id: bookId, budget_id: id, year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, amount_cents: 7_500, ignore: 0, has_been_paid: bill ? 1 : 0 })
          .execute();
      }
    }
  });
  return subcategories.length;
}
