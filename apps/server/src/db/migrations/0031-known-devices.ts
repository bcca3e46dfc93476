/**
 * The devices a person has signed in from (issue 28; docs/DECISIONS.md #77): a sign-in from a
 * device not among them mails the person a notice. A device is the label read from the
 * User-Agent ('Chrome on macOS', deviceLabel in packages/domain), kept after its sessions end.
 * The devices of today's sessions are known from the start, so nobody is told of a device they
 * already use.
 */
import { type Kysely, sql } from 'kysely';
import { userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', ...userIdColumn())
    .addColumn('device', 'varchar(100)', (col) => col.notNull())
    .addColumn('first_seen_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device'])
    .execute();
  await sql`INSERT INTO known_devices (user_id, device, first_seen_at, last_seen_at)
    SELECT user_id, device, min(created_at), max(last_used_at) FROM api_tokens GROUP BY user_id, device`.execute(db);
}
