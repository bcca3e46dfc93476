// The currencies stage of `npm run bench` (issue 27, DECISIONS.md #90): does a ledger with accounts
// in three currencies answer as fast as one in a single currency? The ledger stage's 200,000
// transactions are seeded on SQLite; the one-account month (of the first account) and the
// all-accounts month are loaded with every account in dollars, then with the first account in
// euros and the second in yen (their rows hold their own amounts beside the converted dollars, as
// a write in another currency stores them), and back, three times over: A B A B A B in one run
// after a warm-up, so a busy machine weighs on both alike.
//
// Runs on its own too: `node --import tsx scripts/bench/load/currencies-load.ts`.
// Environment: BENCH_DURATION_S (10), BENCH_LEDGER_CONNECTIONS (50), BENCH_LEDGER_TRANSACTIONS (200000).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../../apps/server/src/db/connection';
import { registerUser, startServer, stopServer } from '../../support/server-process';
import { DEFAULT_SEED, analyze, seedLedger } from '../seed/ledger-seed';
import { personalBookId } from '../seed/seed-helpers';
import { type LedgerBenchOptions, type RouteResult, countList, countNested, drain, load } from './ledger-load';

const EUR_RATE = '1.08';
const JPY_RATE = '0.0066';

type Variant = 'one currency' | 'three currencies';

/**
 * Puts the first account in euros and the second in yen as a write in those currencies would have
 * stored them (own amounts kept, dollars converted, the rate named), with rates for every day; or
 * back to dollars. Yen amounts are whole yen: a dollar row of 12.34 becomes ¥1,234.
 */
async function setCurrencies(handle: DatabaseHandle, bookId: number, accountIds: readonly number[], variant: Variant): Promise<void> {
  const [euros, yen] = accountIds;
  await handle.db.transaction().execute(async (trx) => {
    if (variant === 'three currencies') {
      for (const [currency, rate] of [['EUR', EUR_RATE], ['JPY', JPY_RATE]] as const) {
        await trx
          .insertInto('fx_manual_rates')
          .values({ book_id: bookId, base_currency: 'USD', currency, date: '1990-01-01', rate, updated_by: null, updated_at: new Date().toISOString() })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      const convert = async (accountId: number | undefined, currency: string, ownPerCent: number, rate: string) => {
        if (accountId === undefined) return;
        await trx.updateTable('accounts').set({ currency }).where('id', '=', accountId).execute();
        await sql`update transaction_splits set account_amount_cents = amount_cents * ${ownPerCent},
          amount_cents = cast(round(amount_cents * ${ownPerCent} * ${Number(rate)}) as integer)
          where transaction_id in (select id from transactions where account_id = ${accountId})`.execute(trx);
        await sql`update transactions set account_amount_cents = amount_cents * ${ownPerCent},
          amount_cents = cast(round(amount_cents * ${ownPerCent} * ${Number(rate)}) as integer), fx_rate = ${rate}, fx_date = '1990-01-01'
          where account_id = ${accountId}`.execute(trx);
      };
      await convert(euros, 'EUR', 1, EUR_RATE);
      await convert(yen, 'JPY', 100, JPY_RATE);
    } else {
      for (const accountId of [euros, yen]) {
        if (accountId === undefined) continue;
        await trx.updateTable('accounts').set({ currency: 'USD' }).where('id', '=', accountId).execute();
        const divisor = accountId === yen ? 100 : 1;
        await sql`update transaction_splits set amount_cents = account_amount_cents / ${divisor}, account_amount_cents = null
          where account_amount_cents is not null and transaction_id in (select id from transactions where account_id = ${accountId})`.execute(trx);
        await sql`update transactions set amount_cents = account_amount_cents / ${divisor}, account_amount_cents = null, fx_rate = null, fx_date = null
          where account_id = ${accountId} and account_amount_cents is not null`.execute(trx);
      }
    }
  });
}

interface Round {
  variant: Variant;
  oneAccount: RouteResult;
  allAccounts: RouteResult;
}

export async function benchCurrencies(options: Pick<LedgerBenchOptions, 'durationS' | 'connections' | 'transactions'>): Promise<{ table: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-currencies-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const connect = () => openDatabase({ dataDir });
  const loadOptions: LedgerBenchOptions = { ...options, postgresUrl: null, insightsConnections: 1 };
  try {
    let server = await startServer(env);
    const user = await registerUser(server, 'currencies-bench@example.com');
    const handle = connect();
    let bookId: number;
    let seed: Awaited<ReturnType<typeof seedLedger>>;
    try {
      bookId = await personalBookId(handle.db, user.userId);
      seed = await seedLedger(handle, bookId, new Date(), { ...DEFAULT_SEED, transactions: options.transactions });
      await analyze(handle);
    } finally {
      await handle.close();
      await stopServer(server);
    }
    console.log(`\nCurrencies: ${seed.counts.transactions.toLocaleString('en-US')} transactions on SQLite, accounts in one currency against three`);
    server = await startServer(env);
    const rounds: Round[] = [];
    try {
      const { month, year } = seed.month;
      const one = `/api/accounts/${seed.accountIds[0]}/transactions/month/${month}/year/${year}`;
      const all = `/api/accounts/transactions/month/${month}/year/${year}`;
      // A first pass warms the JIT and the page cache; it is not counted (the first round ran 30 % slower).
      await load(server, all, user.token, seed.accountIds[0]!, loadOptions, countNested);
      await drain(server);
      for (const variant of ['one currency', 'three currencies', 'one currency', 'three currencies', 'one currency', 'three currencies'] as const) {
        const writer = connect();
        try {
          await setCurrencies(writer, bookId, seed.accountIds, variant);
        } finally {
          await writer.close();
        }
        const oneAccount = await load(server, one, user.token, seed.accountIds[0]!, loadOptions, countList);
        await drain(server);
        const allAccounts = await load(server, all, user.token, seed.accountIds[0]!, loadOptions, countNested);
        await drain(server);
        console.log(
          `  ${variant}: one account ${oneAccount.afterChangeMs} ms fresh (${oneAccount.afterChangeCpuMs} ms CPU), ${Math.round(oneAccount.reqPerS)} req/s; ` +
            `all accounts ${allAccounts.afterChangeMs} ms fresh (${allAccounts.afterChangeCpuMs} ms CPU), ${Math.round(allAccounts.reqPerS)} req/s`,
        );
        rounds.push({ variant, oneAccount, allAccounts });
      }
    } finally {
      await stopServer(server);
    }
    return { table: currenciesTable(rounds, options) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function currenciesTable(rounds: readonly Round[], options: Pick<LedgerBenchOptions, 'durationS' | 'connections'>): string {
  const of = (variant: Variant, pick: (round: Round) => number) => median(rounds.filter((round) => round.variant === variant).map(pick));
  const change = (a: number, b: number) => (a === 0 ? '—' : `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`);
  const row = (label: string, pick: (round: Round) => number, unit: string) => {
    const single = of('one currency', pick);
    const three = of('three currencies', pick);
    return `| ${label} | ${single.toFixed(unit === 'req/s' ? 0 : 1)} ${unit} | ${three.toFixed(unit === 'req/s' ? 0 : 1)} ${unit} | ${change(single, three)} |`;
  };
  return [
    `| ${options.connections} connections, ${options.durationS} s each, median of 3 rounds | one currency | EUR + JPY + USD | change |`,
    '| --- | --- | --- | --- |',
    row("one account's month (in euros): first answer after a change", (round) => round.oneAccount.afterChangeMs, 'ms'),
    row("one account's month: server CPU of that answer", (round) => round.oneAccount.afterChangeCpuMs, 'ms'),
    row("one account's month: throughput", (round) => round.oneAccount.reqPerS, 'req/s'),
    row("all accounts' month: first answer after a change", (round) => round.allAccounts.afterChangeMs, 'ms'),
    row("all accounts' month: server CPU of that answer", (round) => round.allAccounts.afterChangeCpuMs, 'ms'),
    row("all accounts' month: throughput", (round) => round.allAccounts.reqPerS, 'req/s'),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchCurrencies({
    durationS: Number(process.env.BENCH_DURATION_S ?? 10),
    connections: Number(process.env.BENCH_LEDGER_CONNECTIONS ?? 50),
    transactions: Number(process.env.BENCH_LEDGER_TRANSACTIONS ?? 200_000),
  });
  console.log(`\n${result.table}\n`);
}
