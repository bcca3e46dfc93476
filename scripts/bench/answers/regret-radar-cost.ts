// What the regret radar adds to a rebuilt ledger month, and what the felt-expenses index
// (migration 0022) does for the insights' regret triggers, measured in-process on the ledger
// stage's data set (200,000 transactions, SQLite in memory): `node --import tsx scripts/bench/answers/regret-radar-cost.ts`.
//
// A loaded machine moves every figure; each round times both sides back to back and the medians
// are compared, so a busy moment weighs on both alike. Environment: BENCH_LEDGER_TRANSACTIONS
// (200000), BENCH_ROUNDS (21).
import { sql } from 'kysely';
import { monthRange } from '@mindspend/domain';
import { loadConfig } from '../../../apps/server/src/config';
import { openDatabase } from '../../../apps/server/src/db/connection';
import { migrateToLatest } from '../../../apps/server/src/db/migrate';
import { buildApp } from '../../../apps/server/src/app';
import { findTransactions, serializeTransactions } from '../../../apps/server/src/modules/transactions';
import { attachRegretWarnings } from '../../../apps/server/src/modules/regret-radar';
import { incomeDates, triggerCounts } from '../../../apps/server/src/modules/insights';
import { feelingsOf } from '../../../apps/server/src/db/feelings';
import { DEFAULT_SEED, analyze, seedLedger } from '../seed/ledger-seed';
import { personalBookId } from '../seed/seed-helpers';

const transactions = Number(process.env.BENCH_LEDGER_TRANSACTIONS ?? DEFAULT_SEED.transactions);
const rounds = Number(process.env.BENCH_ROUNDS ?? 21);

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const database = openDatabase({ dataDir: '', sqliteFile: ':memory:' });
await migrateToLatest(database);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '100000', APP_URL: 'http://localhost:3000', TWO_FACTOR_ENCRYPTION_KEY: 'bench-two-factor-key-of-at-least-32-characters' }),
  database,
  clock: { now: () => new Date() },
  serveWeb: false,
});
await app.ready();
const registered = await app.inject({
  method: 'POST',
  url: '/api/register',
  payload: { plan: 'free', email: 'radar-cost@example.com', password: 'Mindful123', password_confirmation: 'Mindful123', timezone: 0 },
});
const userId: number = registered.json().user.id;
const bookId = await personalBookId(database.db, userId);
const seed = await seedLedger(database, bookId, new Date(), { ...DEFAULT_SEED, transactions });
const scope = { bookId, userId, timeZone: 'UTC', personal: true, hiddenAccountIds: [] };
const feelings = await feelingsOf(database.db, scope);
await analyze(database);
const db = database.db;
const { year, month } = seed.month;
const range = monthRange(year, month);

const listing: number[] = [];
const rebuilt: number[] = [];
const reused: number[] = [];
let rows = 0;
let warned = 0;
for (let round = 0; round < rounds; round += 1) {
  // A new feelings revision: the counts are read afresh, as after a write that touched a feeling.
  const book = { ...scope, feelingsRevision: 1_000 + round };
  let list: Awaited<ReturnType<typeof findTransactions>> = [];
  listing.push(await timed(async () => {
    list = await findTransactions(db, feelings, { book: scope, ...range });
    serializeTransactions(list);
  }));
  rebuilt.push(await timed(() => attachRegretWarnings(db, book, { year, month }, [list])));
  // The same revision again: what a month rebuilt after a write without a feeling pays.
  reused.push(await timed(() => attachRegretWarnings(db, book, { year, month }, [list])));
  rows = list.length;
  warned = list.filter((transaction) => transaction.regret_warning).length;
}

const year12 = { bookId, hiddenAccountIds: [], feelings, from: monthRange(year - 1, month === 12 ? 1 : month + 1).from, to: range.to };
const withIndex: number[] = [];
for (let round = 0; round < rounds; round += 1) withIndex.push(await timed(() => Promise.all([triggerCounts(db, year12), incomeDates(db, year12)])));
await sql`drop index transactions_felt_expenses`.execute(db);
const withoutIndex: number[] = [];
for (let round = 0; round < rounds; round += 1) withoutIndex.push(await timed(() => Promise.all([triggerCounts(db, year12), incomeDates(db, year12)])));

const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`All accounts' month ${year}-${month}: ${rows} rows, ${warned} with a regret warning (medians of ${rounds}).`);
console.log(`| step | median |\n| --- | --- |`);
console.log(`| the month's rows read and serialized (no cache) | ${ms(median(listing))} |`);
console.log(`| regret radar after a write without a feeling: counts reused, warnings on every row | ${ms(median(reused))} |`);
console.log(`| regret radar after a write with a feeling: counts read afresh, warnings on every row | ${ms(median(rebuilt))} |`);
console.log(`| insights' trigger queries over 12 months, with the felt-expenses index | ${ms(median(withIndex))} |`);
console.log(`| the same without it (as before migration 0022) | ${ms(median(withoutIndex))} |`);
await app.close();
await database.close();
