/**
 * The regret radar (issue 16; docs/DECISIONS.md #57):
 *
 * - `transactions_felt_expenses`: the user's felt expenses that are not transfer legs, by date,
 *   with every column the radar's per-month counts and the insights' regret triggers read, so
 *   both are answered from the index alone. The radar reads seven months of them at every rebuilt
 *   ledger month, the triggers a year at every rebuilt insights page; without it each row cost a
 *   table lookup (`transfer_id` and `payment_method` are in no other index). SQLite takes a
 *   partial index only when it covers every column the query names, the predicate's included.
 *   Only felt rows are in it, so imports (which carry no feelings) do not pay for it.
 * - `users.feelings_revision`: like `data_revision` (migration 0008), a counter the database bumps,
 *   but only when what the radar counts may have changed: a transaction that has or had a feeling
 *   is inserted, changed or deleted, or a split line of a felt transaction is (a transaction
 *   deleted with its lines bumps it itself). The radar's counts are reused while it stands, so the many writes that
 *   carry no feeling — an expense typed without one, an import, a bank sync — do not make the next
 *   ledger month read six months of feelings again.
 * - `notifications.once_key`: names a notification that may exist only once per user ('regret at
 *   payee 12 on 2026-11-24'); the unique index makes it so on any number of server processes.
 *   Other notifications leave it null, and nulls never collide.
 */
import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('transactions_felt_expenses')
    .on('transactions')
    .columns(['user_id', 'date', 'entity_id', 'emotion', 'payment_method', 'amount_cents', 'account_id', 'type', 'transfer_id', 'id'])
    .where(sql.ref('type'), '=', 'expense')
    .where(sql.ref('emotion'), 'is not', null)
    .where(sql.ref('transfer_id'), 'is', null)
    .execute();
  await addFeelingsRevision(db, ctx);
  await db.schema.alterTable('notifications').addColumn('once_key', 'varchar(120)').execute();
  await db.schema.createIndex('notifications_once').on('notifications').columns(['user_id', 'once_key']).unique().execute();
}

/** Which rows of a change bump the revision: felt transactions (before or after), and their split lines. */
const FELT = sql.raw('emotion IS NOT NULL');

async function addFeelingsRevision(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('feelings_revision', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  if (ctx.dialect === 'postgres') {
    // Once per statement from its transition tables, as migration 0008 does.
    await sql`
      CREATE FUNCTION bump_feelings_revision_felt() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE users SET feelings_revision = feelings_revision + 1
          WHERE id IN (SELECT DISTINCT user_id FROM changed_rows WHERE ${FELT});
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE FUNCTION bump_feelings_revision_felt_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE users SET feelings_revision = feelings_revision + 1
          WHERE id IN (SELECT user_id FROM old_rows WHERE ${FELT} UNION SELECT user_id FROM new_rows WHERE ${FELT});
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE FUNCTION bump_feelings_revision_lines() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE users SET feelings_revision = feelings_revision + 1 WHERE id IN (
          SELECT DISTINCT c.user_id FROM changed_rows c JOIN transactions t ON t.id = c.transaction_id WHERE t.${FELT});
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER transactions_insert_bumps_feelings AFTER INSERT ON transactions
      REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_feelings_revision_felt()`.execute(db);
    await sql`CREATE TRIGGER transactions_delete_bumps_feelings AFTER DELETE ON transactions
      REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_feelings_revision_felt()`.execute(db);
    await sql`CREATE TRIGGER transactions_update_bumps_feelings AFTER UPDATE ON transactions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_feelings_revision_felt_update()`.execute(db);
    for (const [event, transition] of [['INSERT', 'NEW TABLE'], ['UPDATE', 'NEW TABLE'], ['DELETE', 'OLD TABLE']] as const) {
      await sql`CREATE TRIGGER ${sql.raw(`transaction_splits_${event.toLowerCase()}_bumps_feelings`)} AFTER ${sql.raw(event)} ON transaction_splits
        REFERENCING ${sql.raw(transition)} AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_feelings_revision_lines()`.execute(db);
    }
    return;
  }
  const bump = (row: 'NEW' | 'OLD') => sql`UPDATE users SET feelings_revision = feelings_revision + 1 WHERE id = ${sql.raw(row)}.user_id;`;
  await sql`CREATE TRIGGER transactions_insert_bumps_feelings AFTER INSERT ON transactions FOR EACH ROW
    WHEN NEW.${FELT} BEGIN ${bump('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER transactions_delete_bumps_feelings AFTER DELETE ON transactions FOR EACH ROW
    WHEN OLD.${FELT} BEGIN ${bump('OLD')} END`.execute(db);
  await sql`CREATE TRIGGER transactions_update_bumps_feelings AFTER UPDATE ON transactions FOR EACH ROW
    WHEN OLD.${FELT} OR NEW.${FELT} BEGIN ${bump('NEW')} END`.execute(db);
  for (const [event, row] of [['INSERT', 'NEW'], ['UPDATE', 'NEW'], ['DELETE', 'OLD']] as const) {
    await sql`CREATE TRIGGER ${sql.raw(`transaction_splits_${event.toLowerCase()}_bumps_feelings`)} AFTER ${sql.raw(event)} ON transaction_splits
      FOR EACH ROW WHEN EXISTS (SELECT 1 FROM transactions t WHERE t.id = ${sql.raw(row)}.transaction_id AND t.${FELT})
      BEGIN ${bump(row)} END`.execute(db);
  }
}
