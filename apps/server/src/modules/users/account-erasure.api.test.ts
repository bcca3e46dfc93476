/**
 * Issue 12: after an account was deleted, its text stayed readable in the SQLite file's free
 * pages and in its write-ahead log. The test writes distinctive text, deletes the account and
 * reads the raw bytes of the .db and -wal files. SQLite only: PostgreSQL's storage is not a file
 * the app owns (its VACUUM and WAL retention are the operator's).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db/connection';
import { migrateToLatest } from '../../db/migrate';
import { STRONG_PASSWORD, TEST_DB, TestClock, asUser, registerUser } from '../../test/test-app';

describe.skipIf(TEST_DB !== 'sqlite')('account deletion on a SQLite file', () => {
  let dir: string;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mindspend-erasure-'));
    database = openDatabase({ dataDir: dir, sqliteFile: 'erasure.db' });
    await migrateToLatest(database);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    app = await buildApp({ config, database, clock: new TestClock(), serveWeb: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const fileBytes = (name: string) => (fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name)) : Buffer.alloc(0));

  it("leaves none of the deleted user's text in the database file or its WAL", async () => {
    const name = 'Zanzibarquokkaxylophone';
    const email = 'erase-me-zq7@example.com';
    const { token, userId } = await registerUser(app, email);
    const patch = await asUser(app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { first_name: name } });
    expect(patch.statusCode).toBe(200);
    // The text really is on disk before the deletion, or the test would prove nothing.
    expect(Buffer.concat([fileBytes('erasure.db'), fileBytes('erasure.db-wal')]).includes(name)).toBe(true);

    const deletion = await asUser(app, token, { method: 'DELETE', url: `/api/users/${userId}`, payload: { current_password: STRONG_PASSWORD } });
    expect(deletion.statusCode).toBeLessThan(300);

    for (const file of ['erasure.db', 'erasure.db-wal']) {
      const bytes = fileBytes(file);
      expect(bytes.includes(name), `${file} holds the first name`).toBe(false);
      expect(bytes.includes(email), `${file} holds the e-mail`).toBe(false);
    }
  });
});
