/**
 * Liveness and readiness (issue 35): GET /api/health answers while the process runs and states the
 * version; GET /api/ready answers 200 only while the database answers and is fully migrated, 503
 * with the reason otherwise, to anyone and as often as a load balancer polls.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { MIGRATION_NAMES, migrateToLatest } from '../../db/migrate';
import { TEST_DB, type TestApp, createTestApp } from '../../test/test-app';

const ROOT_VERSION = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

describe(`health and readiness on ${TEST_DB}`, () => {
  describe('a migrated database that answers', () => {
    let t: TestApp;
    beforeAll(async () => {
      // The tightest sign-in rate limit: readiness must not count against any limit.
      t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1' });
    });
    afterAll(() => t?.close());

    it('GET /api/health states the database and the version of the root package.json', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: TEST_DB, version: ROOT_VERSION });
      expect(ROOT_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    });

    it('the API document states the same version', async () => {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
        info: { version: string };
        paths: Record<
          string,
          { get?: { operationId?: string; security?: unknown[]; responses: Record<string, unknown> } }
        >;
      }>();
      expect(document.info.version).toBe(ROOT_VERSION);
      const ready = document.paths['/api/ready']?.get;
      expect(ready?.operationId).toBe('getReadiness');
      expect(ready?.security).toEqual([]);
      expect(Object.keys(ready?.responses ?? {})).toEqual(expect.arrayContaining(['200', '503']));
    });

    it('GET /api/ready answers 200 without signing in, every time a balancer polls', async () => {
      for (let poll = 0; poll < 30; poll += 1) {
        const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'ready' });
        expect(response.headers['cache-control']).toBe('no-store');
      }
      // Polls at once share one check and all get its answer.
      const together = await Promise.all(
        Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: '/api/ready' })),
      );
      expect(together.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      expect((await t.app.inject({ method: 'HEAD', url: '/api/ready' })).statusCode).toBe(200);
    });
  });

  it('GET /api/ready answers 503 with the count of pending migrations, and 200 once they are applied', async () => {
    const lines: string[] = [];
    const secondToLast = MIGRATION_NAMES[MIGRATION_NAMES.length - 2];
    if (!secondToLast) throw new Error('fewer than two migrations');
    const t = await createTestApp(
      { LOG_LEVEL: 'info' },
      { migrateUpTo: secondToLast, logStream: { write: (line) => lines.push(line) } },
    );
    try {
      for (let poll = 0; poll < 3; poll += 1) {
        const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 'not_ready', reason: '1 migration pending' });
      }
      // Liveness does not depend on it: the process itself is fine.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await migrateToLatest(t.database);
      const after = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(after.statusCode).toBe(200);
      // Logged when readiness changes, not on every poll.
      const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages.filter((message) => message === 'not ready: 1 migration pending')).toHaveLength(1);
      expect(messages).toContain('ready: the database answers and is migrated');
    } finally {
      await t.close();
    }
  });

  it('GET /api/ready answers 503 "database unreachable" once the database is gone; /api/health still 200', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      // The connection (SQLite) or the pool (PostgreSQL) closed under the running app.
      await t.database.db.destroy();
      const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not_ready', reason: 'database unreachable' });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok' });
    } finally {
      await t.close();
    }
  });
});
