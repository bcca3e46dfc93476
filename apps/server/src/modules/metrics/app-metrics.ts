/**
 * The process's Prometheus metrics (DECISIONS.md #40), in a registry of their own per app, so
 * tests that build several apps in one process do not share counters.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BuildInfo } from '../../build-info';
import type { PoolUse } from '../../db/connection';
import type { AppDeps } from '../../deps';
import type { ImportOutcome } from '../imports';
import { countImportJobsByStatus } from './metrics.repo';

/** Request durations from 5 ms (a reused answer) to 10 s (a busy-wait's deadline). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Import throughput per job, rows per second: from a trickle to a fast bulk insert. */
const ROWS_PER_SECOND_BUCKETS = [10, 50, 100, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000];
const IMPORT_STATES = ['queued', 'processing', 'completed', 'failed'];

/** Where the metrics read what they report, besides the requests they are told about. */
export interface MetricsSources {
  deps: Pick<AppDeps, 'db' | 'dialect' | 'answers'>;
  poolUse?: () => PoolUse;
  /** The release and commit this process runs, for mindspend_build_info. */
  build: BuildInfo;
}

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly importRows: Counter;
  private readonly importThroughput: Histogram;
  private readonly importsFinished: Counter<'status'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'mindspend_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'mindspend_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'mindspend_import_jobs',
      help: 'Statement import jobs in each state, in the whole database (every process).',
      labelNames: ['state'],
      registers,
      async collect() {
        const counts = new Map(IMPORT_STATES.map((state) => [state, 0]));
        for (const row of await countImportJobsByStatus(sources.deps.db))
          counts.set(row.status, Number(row.count));
        for (const [state, count] of counts) this.set({ state }, count);
      },
    });
    this.importsFinished = new Counter({
      name: 'mindspend_import_jobs_finished_total',
      help: 'Import jobs this process worked on, by the state they ended in.',
      labelNames: ['status'],
      registers,
    });
    this.importRows = new Counter({
      name: 'mindspend_import_rows_total',
      help: 'Transactions inserted by the import jobs this process worked on.',
      registers,
    });
    this.importThroughput = new Histogram({
      name: 'mindspend_import_rows_per_second',
      help: 'Rows inserted per second of work, per completed import job of this process.',
      buckets: ROWS_PER_SECOND_BUCKETS,
      registers,
    });
    // Prometheus's convention for what a process is: a constant 1 whose labels say it, so a query
    // can join any metric to the version (`* on(instance) group_left(version) mindspend_build_info`).
    new Gauge({
      name: 'mindspend_build_info',
      help: 'Always 1; its labels are the version and the commit this process runs.',
      labelNames: ['version', 'commit'],
      registers,
    }).set({ version: sources.build.version, commit: sources.build.commit }, 1);
    this.poolGauges(sources);
    this.answerCacheCounters(sources.deps.answers);
  }

  private poolGauges(sources: MetricsSources): void {
    const poolUse = sources.poolUse;
    if (!poolUse) return;
    const dialect = sources.deps.dialect;
    const gauge = (name: string, help: string, read: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help: `${help} (${dialect === 'postgres' ? 'the PostgreSQL pool' : 'SQLite: one connection'}).`,
        registers: [this.registry],
        collect() {
          this.set(read(poolUse()));
        },
      });
    gauge('mindspend_db_pool_connections', 'Database connections open', (use) => use.total);
    gauge('mindspend_db_pool_idle', 'Database connections idle', (use) => use.idle);
    gauge('mindspend_db_pool_in_use', 'Database connections in use', (use) => use.total - use.idle);
    gauge('mindspend_db_pool_waiting', 'Queries waiting for a database connection', (use) => use.waiting);
  }

  /** The cache counts in plain numbers; each scrape adds what they grew by since the last. */
  private answerCacheCounters(answers: AppDeps['answers']): void {
    const counter = (name: string, help: string, read: () => number) => {
      let reported = 0;
      return new Counter({
        name,
        help,
        registers: [this.registry],
        collect() {
          const now = read();
          this.inc(now - reported);
          reported = now;
        },
      });
    };
    counter(
      'mindspend_answer_cache_hits_total',
      'Heavy read answers reused from the answer cache.',
      () => answers.counts.hits,
    );
    counter(
      'mindspend_answer_cache_misses_total',
      'Heavy read answers built (not in the answer cache).',
      () => answers.counts.misses,
    );
    // What the cache holds against ANSWER_CACHE_MB (DECISIONS.md #105): JSON and compressed copies.
    new Gauge({
      name: 'mindspend_answer_cache_bytes',
      help: 'Bytes of answers and their compressed copies held by the answer cache of this process.',
      registers: [this.registry],
      collect() {
        this.set(answers.size);
      },
    });
    new Gauge({
      name: 'mindspend_answer_cache_limit_bytes',
      help: 'The most the answer cache of this process may hold (ANSWER_CACHE_MB).',
      registers: [this.registry],
      collect() {
        this.set(answers.limit);
      },
    });
  }

  /** Counts an answered request under its route pattern (`/api/goals/:id`), never the raw URL. */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      status: String(reply.statusCode),
    };
    this.requests.inc(labels);
    this.durations.observe(labels, reply.elapsedTime / 1000);
  }

  observeImport(outcome: ImportOutcome): void {
    this.importsFinished.inc({ status: outcome.status });
    if (outcome.status !== 'completed') return;
    this.importRows.inc(outcome.rowsImported);
    if (outcome.seconds > 0) this.importThroughput.observe(outcome.rowsImported / outcome.seconds);
  }
}
