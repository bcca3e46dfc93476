/**
 * Issue 35's "done when": GET /api/ready answers 503 with the database stopped and 200 after it
 * is back, and the process lives through it. PostgreSQL only (a SQLite file cannot stop under
 * its process): the app reaches the test database through a relay the test stops and restarts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/connection';
import { TEST_DB, type TestApp, createTestApp } from '../../test/test-app';
import { TcpProxy } from '../../test/tcp-proxy';
import type { FastifyInstance } from 'fastify';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe.skipIf(TEST_DB !== 'postgres')('readiness through a PostgreSQL outage', () => {
  let owner: TestApp;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    // The test app migrates a schema of its own; the app under test reaches it through the relay.
    owner = await createTestApp();
    const direct = new URL(PG_URL);
    proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start();
    const relayed = new URL(PG_URL);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(proxy.port);
    database = openDatabase({
      databaseUrl: relayed.toString(),
      dataDir: '',
      pgSchema: owner.database.schema,
    });
    app = await buildApp({ config: owner.config, database, serveWeb: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.stop();
    await owner?.close();
  });

  it('answers 200, then 503 while the database is down, then 200 once it is back', async () => {
    const ready = () => app.inject({ method: 'GET', url: '/api/ready' });
    expect((await ready()).statusCode).toBe(200);

    // Every connection is cut, as by a database restart, and new ones refused: the pool's idle
    // connections, and one in use by a query, which fails while the process lives on.
    const inFlight = sql`select pg_sleep(5)`.execute(database.db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await proxy.stop();
    await expect(inFlight).rejects.toThrow(/Connection terminated/);
    const down = await ready();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not_ready', reason: 'database unreachable' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await proxy.start();
    const back = await ready();
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ status: 'ready' });
  });
});
