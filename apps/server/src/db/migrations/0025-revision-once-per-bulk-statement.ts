/**
 * SQLite has only row-level triggers, so a bulk insert of imported rows bumped the user's
 * `data_revision` once per transaction and once per split line, and `feelings_revision` once per
 * felt row and its line: some 200,000 UPDATEs of the user's row for a 100,000-row file, 15-20 % of
 * the insert's time (docs/DECISIONS.md #66). The insert triggers of `transactions` and
 * `transaction_splits` now skip a row whose user is in `revision_bumps_deferred`; the ledger
 * writer's bulk insert (modules/ledger-writer/bulk-insert.repo.ts) puts the user there around its two
 * statements and bumps both revisions itself, once, in the same transaction. Every other write
 * finds the table empty and bumps per row as before. A row in it lives only inside the writing
 * transaction (it is deleted before the commit, and a rollback removes it too), and SQLite has one
 * writer at a time, so no other connection ever sees it.
 *
 * PostgreSQL is unchanged: its triggers bump once per statement from transition tables already
 * (migrations 0008 and 0022).
 */
import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers';

/** True while the row's user has a bulk insert under way in this transaction. */
const deferred = (row: 'NEW') =>
  sql`EXISTS (SELECT 1 FROM revision_bumps_deferred d WHERE d.user_id = ${sql.raw(row)}.user_id)`;

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') return;
  await sql`CREATE TABLE revision_bumps_deferred (user_id integer PRIMARY KEY)`.execute(db);
  const dataRevision = sql`UPDATE users SET data_revision = data_revision + 1 WHERE id = NEW.user_id;`;
  const feelingsRevision = sql`UPDATE users SET feelings_revision = feelings_revision + 1 WHERE id = NEW.user_id;`;
  for (const table of ['transactions', 'transaction_splits'] as const) {
    const name = sql.raw(`${table}_insert_bumps_revision`);
    await sql`DROP TRIGGER ${name}`.execute(db);
    await sql`CREATE TRIGGER ${name} AFTER INSERT ON ${sql.table(table)} FOR EACH ROW
      WHEN NOT ${deferred('NEW')} BEGIN ${dataRevision} END`.execute(db);
  }
  // As migration 0022's, with the deferral checked first (one lookup in an empty table).
  await sql`DROP TRIGGER transactions_insert_bumps_feelings`.execute(db);
  await sql`CREATE TRIGGER transactions_insert_bumps_feelings AFTER INSERT ON transactions FOR EACH ROW
    WHEN NOT ${deferred('NEW')} AND NEW.emotion IS NOT NULL BEGIN ${feelingsRevision} END`.execute(db);
  await sql`DROP TRIGGER transaction_splits_insert_bumps_feelings`.execute(db);
  await sql`CREATE TRIGGER transaction_splits_insert_bumps_feelings AFTER INSERT ON transaction_splits FOR EACH ROW
    WHEN NOT ${deferred('NEW')}
      AND EXISTS (SELECT 1 FROM transactions t WHERE t.id = NEW.transaction_id AND t.emotion IS NOT NULL)
    BEGIN ${feelingsRevision} END`.execute(db);
}
