/**
 * The one rule for writes (docs/concurrent-writes.md), tested on the helper itself: read-modify-
 * write workflows of one user never lose an update, even from two connection pools (two server
 * processes) on one PostgreSQL database; a write that cannot get the lock in time fails whole.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp, registerUser } from '../test/test-app';
import { isLockTimeout, writeAsUser } from './user-writes';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('writeAsUser', () => {
  let first: TestApp;
  /** A second process on the same database (PostgreSQL), or the same one (SQLite). */
  let second: TestApp;
  let userId: number;

  beforeAll(async () => {
    first = await createTestApp();
    second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: first }) : first;
    userId = (await registerUser(first.app, 'writer@example.com')).userId;
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  const deps = (t: TestApp) => ({ db: t.database.db, dialect: t.database.dialect });

  /** Reads the user's first name as a counter, waits, writes it back plus one: a lost update in waiting. */
  const increment = (t: TestApp) =>
    writeAsUser(deps(t), userId, async (trx) => {
      const row = await trx
        .selectFrom('users')
        .select('first_name')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      await pause(5);
      await trx
        .updateTable('users')
        .set({ first_name: String(Number(row.first_name ?? '0') + 1) })
        .where('id', '=', userId)
        .execute();
    });

  it('loses no update when 30 read-modify-writes of one user race over two processes', async () => {
    await first.database.db.updateTable('users').set({ first_name: '0' }).where('id', '=', userId).execute();
    await Promise.all(Array.from({ length: 30 }, (_, index) => increment(index % 2 === 0 ? first : second)));
    const row = await first.database.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('30');
  });

  it('rolls back the whole workflow when it throws, and the next write of the user goes on', async () => {
    await first.database.db
      .updateTable('users')
      .set({ last_name: 'Before' })
      .where('id', '=', userId)
      .execute();
    const failing = writeAsUser(deps(first), userId, async (trx) => {
      await trx.updateTable('users').set({ last_name: 'Half-written' }).where('id', '=', userId).execute();
      throw new Error('a rule refused the change');
    });
    await expect(failing).rejects.toThrow('a rule refused the change');
    await writeAsUser(deps(first), userId, async (trx) => {
      const row = await trx
        .selectFrom('users')
        .select('last_name')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row.last_name).toBe('Before');
    });
  });

  it.runIf(TEST_DB === 'postgres')(
    'gives up with a lock timeout, writing nothing, when another process holds the user for longer than the wait',
    async () => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: () => void = () => undefined;
      const isHolding = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = writeAsUser(deps(first), userId, async () => {
        holding();
        await held;
      });
      await isHolding;
      const waiting = writeAsUser(
        deps(second),
        userId,
        (trx) => sql`update users set last_name = 'Too late' where id = ${userId}`.execute(trx),
        { lockWaitMs: 100 },
      );
      const error: unknown = await waiting.catch((caught: unknown) => caught);
      release();
      await holder;
      expect(isLockTimeout(error)).toBe(true);
      const row = await first.database.db
        .selectFrom('users')
        .select('last_name')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row.last_name).not.toBe('Too late');
    },
  );
});
