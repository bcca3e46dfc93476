/** SQL of /metrics: counts over every user, for the operator (no user's data leaves in them). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** How many import jobs are in each state. */
export function countImportJobsByStatus(db: Kysely<Database>) {
  return db
    .selectFrom('import_jobs')
    .select((eb) => ['status', eb.fn.countAll<string | number>().as('count')])
    .groupBy('status')
    .execute();
}
