import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../deps';
import { AnswerCache } from '../../lib/answer-cache';
import { LocalEventBus } from '../../lib/event-bus';
import { Mailer } from '../../lib/mailer';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, createTestApp, registerUser } from '../../test/test-app';
import { LocalPaymentProvider } from '../billing/payment-provider';
import { type ImportOutcome, ImportJobQueue } from './job-queue';
import { findJob, insertJob } from './imports.repo';

describe(`the import job queue on ${TEST_DB}`, () => {
  let t: TestApp;
  let userId: number;
  let bookId: number;
  let accountId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    const user = await registerUser(t.app, 'wakeup@example.com');
    userId = user.userId;
    bookId = user.bookId;
    accountId = await createAccount(t.app, user.token);
  });
  afterAll(() => t.close());

  /** The app's dependencies, its database seen through `plugin`. */
  const depsWith = (plugin: KyselyPlugin): AppDeps => ({
    config: t.config,
    db: t.database.db.withPlugin(plugin),
    dialect: t.database.dialect,
    clock: t.clock,
    mailer: new Mailer(t.clock, t.app.log, null),
    payments: new LocalPaymentProvider(),
    bankLink: null,
    events: new LocalEventBus(),
    logger: t.app.log,
    answers: new AnswerCache(1_000_000),
    // This queue's jobs are the test's; no webhook of theirs is under test here.
    webhooks: { kick: () => undefined, budgetStatuses: () => Promise.resolve(new Map()) },
  });

  /**
   * Runs `whileLooking` when the first look at the queue has found nothing and before the worker
   * hears so: the moment at which a kick and a new job used to be lost. Deterministic on both
   * databases, where racing a real upload against the look is not on PostgreSQL's pool.
   */
  function holdingFirstEmptyLook(whileLooking: () => Promise<void>): KyselyPlugin {
    const looks = new Set<unknown>();
    let held = false;
    return {
      transformQuery({ node, queryId }) {
        if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('"import_jobs"')) looks.add(queryId);
        return node;
      },
      async transformResult({ result, queryId }) {
        if (!held && looks.has(queryId) && result.rows.length === 0) {
          held = true;
          await whileLooking();
        }
        return result;
      },
    };
  }

  it('looks at the queue again when kicked while it was looking, so a job queued meanwhile is taken', async () => {
    let written: Promise<{ id: number }> | undefined;
    const plugin = holdingFirstEmptyLook(async () => {
      // An upload writes its job after the look saw nothing, and kicks while the worker still looks.
      written = insertJob(t.database.db, {
        book_id: bookId,
        created_by: userId,
        account_id: accountId,
        file_name: 'late.csv',
        content: 'Date,Description,Amount\n11/14/2026,CORNER DELI,-8.40',
        status: 'queued',
        mapping: null,
        created_at: '2026-11-20T12:00:00.000Z',
      });
      // PostgreSQL writes it on another pooled connection; SQLite's one connection writes it as
      // soon as the look's transaction lets go, before any later look.
      if (TEST_DB === 'postgres') await written;
      worker.kick();
    });
    const deps = depsWith(plugin);
    const worker = new ImportJobQueue(deps);
    const outcomes: ImportOutcome[] = [];
    worker.onJobDone((outcome) => outcomes.push(outcome));

    worker.kick();
    await worker.idle();
    expect(written).toBeDefined();
    const { id } = await written!;
    expect((await findJob(t.database.db, { bookId, hiddenAccountIds: [] }, id))?.status).toBe('completed');
    // This worker took it, not a poll of the app's own.
    expect(outcomes).toMatchObject([{ status: 'completed', rowsImported: 1 }]);
  });

  it('logs a database that fails while it works through the queue instead of ending the process, and claims nothing once stopped', async () => {
    let looks = 0;
    let failing = true;
    const flaky: KyselyPlugin = {
      transformQuery({ node }) {
        if (JSON.stringify(node).includes('"import_jobs"')) {
          looks += 1;
          if (failing) throw new Error('connection terminated');
        }
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    };
    const logged = vi.spyOn(t.app.log, 'error');
    const worker = new ImportJobQueue(depsWith(flaky));
    worker.kick();
    await worker.idle();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'import queue could not work through its jobs');
    logged.mockRestore();
    failing = false;
    await worker.stop();
    const before = looks;
    worker.kick();
    await worker.idle();
    expect(looks).toBe(before);
  });
});
