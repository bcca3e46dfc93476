/**
 * Time zones that follow the clock (issue 27; docs/DECISIONS.md #85): a person's "today" is
 * computed in an IANA zone (`users.time_zone`) instead of the fixed offset in hours taken at
 * sign-up (`users.timezone`, DECISIONS.md #13), which daylight saving time put an hour off.
 *
 * Each existing person gets the zone that keeps their offset (`zoneForUtcOffset`: `Etc/GMT+8`
 * for −8, UTC for 0), so no date moves under anyone; they choose their real zone in Settings.
 * `users.timezone` stays, and is still written: processes running the old code during a rolling
 * upgrade read it. A single sign-on under way keeps the zone its browser sent until it comes
 * back (`oidc_states.time_zone`); one started before this migration has only the offset (null).
 */
import { zoneForUtcOffset } from '@mindspend/domain';
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('time_zone', 'varchar(64)', (col) => col.notNull().defaultTo('UTC'))
    .execute();
  const { rows } = await sql<{ timezone: number }>`SELECT DISTINCT timezone FROM users`.execute(db);
  for (const { timezone } of rows) {
    const zone = zoneForUtcOffset(Number(timezone));
    if (zone !== 'UTC')
      await sql`UPDATE users SET time_zone = ${zone} WHERE timezone = ${timezone}`.execute(db);
  }
  await db.schema.alterTable('oidc_states').addColumn('time_zone', 'varchar(64)').execute();
}
