// The SQL floor of a rebuilt answer (docs/DECISIONS.md #67): the read statements the app ran to
// build it, recorded as Kysely compiled them, then run again on their own in the same process on
// the same connection, their rows read as arrays of values (the cheapest way to read them,
// db/direct-reads.ts) and thrown away. A
// rebuild cannot take less than its queries plus writing its JSON; the rebuild stage prints all
// three, so where an answer misses the 3× JSON.stringify goal the table shows what stops it.
import type { CompiledQuery, Kysely, KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import { selectRowArrays } from '../../apps/server/src/db/direct-reads';
import type { Database } from '../../apps/server/src/db/schema';

/** A Kysely plugin that notes, while armed, every read query the app builds (its SQL unchanged). */
export class AnswerQueryRecorder implements KyselyPlugin {
  private armed = false;
  private readonly recorded: Array<{ node: RootOperationNode; queryId: QueryId }> = [];

  transformQuery({ node, queryId }: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    if (this.armed && (node.kind === 'SelectQueryNode' || node.kind === 'RawNode')) this.recorded.push({ node, queryId });
    return node;
  }

  transformResult<R>({ result }: { result: R }): Promise<R> {
    return Promise.resolve(result);
  }

  /** The read statements `work` made the app run, compiled for `db` (with their parameters). */
  async record(db: Kysely<Database>, work: () => Promise<void>): Promise<CompiledQuery[]> {
    this.recorded.length = 0;
    this.armed = true;
    try {
      await work();
    } finally {
      this.armed = false;
    }
    const executor = db.getExecutor();
    return this.recorded
      .map(({ node, queryId }) => executor.compileQuery(node, queryId))
      // A raw `sql` node may be a write; only reads are the answer's own cost.
      .filter((query) => /^\s*(select|with)\b/i.test(query.sql));
  }
}

/** Runs the recorded statements one after another, reading every row. */
export async function runQueries(db: Kysely<Database>, queries: readonly CompiledQuery[]): Promise<number> {
  let rows = 0;
  for (const query of queries) rows += (await selectRowArrays(db, query)).length;
  return rows;
}
