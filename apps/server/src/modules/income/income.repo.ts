/** SQL of income sources and of the income transactions that pay them. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { IncomeSourceRow, IncomeSourcesTable } from '../../db/income-schema';
import type { Database } from '../../db/schema';
import { type BookRows, hidingPrivate } from '../../db/private-accounts';

export type IncomeSourceWithEntity = IncomeSourceRow & { entity_name: string; entity_name_short: string };

function sourcesQuery(db: Kysely<Database>, book: BookRows) {
  return db
    .selectFrom('income_sources')
    .innerJoin('entities', 'entities.id', 'income_sources.entity_id')
    .selectAll('income_sources')
    .select(['entities.name as entity_name', 'entities.name_short as entity_name_short'])
    .where('income_sources.book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 'income_sources.account_id'));
}

/** The income sources the member sees (none paid into another's private account), in creation order. */
export function listIncomeSources(db: Kysely<Database>, book: BookRows): Promise<IncomeSourceWithEntity[]> {
  return sourcesQuery(db, book).orderBy('income_sources.id').execute();
}

export function findIncomeSource(db: Kysely<Database>, book: BookRows, sourceId: number): Promise<IncomeSourceWithEntity | undefined> {
  return sourcesQuery(db, book).where('income_sources.id', '=', sourceId).executeTakeFirst();
}

export function insertIncomeSource(db: Kysely<Database>, values: Insertable<IncomeSourcesTable>) {
  return db.insertInto('income_sources').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateIncomeSource(db: Kysely<Database>, bookId: number, sourceId: number, values: Updateable<IncomeSourcesTable>) {
  await db.updateTable('income_sources').set(values).where('book_id', '=', bookId).where('id', '=', sourceId).execute();
}

export async function deleteIncomeSource(db: Kysely<Database>, bookId: number, sourceId: number): Promise<void> {
  await db.deleteFrom('income_sources').where('book_id', '=', bookId).where('id', '=', sourceId).execute();
}

/** Income transactions of the given payors dated from..to: the candidates for expected payments. */
export function listIncomeReceipts(db: Kysely<Database>, book: BookRows, entityIds: number[], from: string, to: string) {
  if (entityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('transactions')
    .select(['id', 'entity_id', 'date'])
    .where('book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 'account_id'))
    .where('type', '=', 'income')
    .where('transfer_id', 'is', null)
    .where('entity_id', 'in', entityIds)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('id')
    .execute();
}
