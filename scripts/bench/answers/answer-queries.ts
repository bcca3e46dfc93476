// The SQL floor of a rebuilt answer (docs/DECISIONS.md #67): the read statements the app ran to
// build it, recorded as Kysely compiled them, then run again on their own in the same process on
// the same connection, their rows read as arrays of values (the cheapest way to read them,
// db/direct-reads.ts) and thrown away. A
// rebuild cannot take less than its queries plus writing its JSON; the rebuild stage prints all
// three, so where an answer misses the 3× JSON.stringify goal the table shows what stops it.
import BetterSqlite3 from 'better-sqlite3';
import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Kysely, KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import { selectRowArrays } from '../../../apps/server/src/db/direct-reads';
import type { Database } from '../../../apps/server/src/db/schema';
import { median } from '../measures';

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

/**
 * The statements' SQL alone on a database without planner statistics, as a deployed one is: the
 * app never runs ANALYZE, the bench does (docs/DECISIONS.md #72). SQLite's statistics are copied
 * aside and removed, the list is run `runs` times on a connection of its own opened on the file
 * (a connection loads the statistics when it opens, and a statement keeps the plan it was
 * prepared with), and the statistics are put back. Returns the median milliseconds of one run.
 */
export function sqlWithoutStatistics(connection: SQLite.Database, queries: readonly CompiledQuery[], runs: number): number {
  const tables = (connection.prepare(`select name from sqlite_schema where name in ('sqlite_stat1', 'sqlite_stat4')`).all() as Array<{ name: string }>).map((row) => row.name);
  for (const table of tables) connection.exec(`create temp table saved_${table} as select * from ${table}; delete from ${table};`);
  const unanalyzed = new BetterSqlite3(connection.name, { readonly: true });
  try {
    const statements = queries.map((query) => ({ statement: unanalyzed.prepare(query.sql).raw(true), parameters: query.parameters as unknown[] }));
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const start = performance.now();
      for (const { statement, parameters } of statements) statement.all(...parameters);
      times.push(performance.now() - start);
    }
    return median(times);
  } finally {
    unanalyzed.close();
    for (const table of tables) connection.exec(`insert into ${table} select * from temp.saved_${table}; drop table temp.saved_${table};`);
  }
}
