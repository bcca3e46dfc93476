import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../test/test-app';
import { runMigrateCommand } from './migrate-command';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

describe(`npm run migrate on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A database as the previous release left it: everything up to 0011 applied.
    t = await createTestApp({}, { migrateUpTo: '0011-one-of-a-kind' });
  });
  afterAll(() => t?.close());

  it('lists applied and pending migrations without changing anything, then applies the pending ones', async () => {
    const status = await runMigrateCommand(t.database, ['--status']);
    // Other migrations may come after 0011 too; what is pending is listed and counted.
    const pending = status
      .filter((line) => line.startsWith('pending  '))
      .map((line) => line.slice('pending  '.length));
    const applied = status.filter((line) => line.startsWith('applied  '));
    expect(pending).toContain('0013-personal-access-tokens');
    expect(applied.at(-1)).toMatch(/^applied {2}0011-one-of-a-kind {2}\(\d{4}-\d\d-\d\dT/);
    expect(status[0]).toMatch(new RegExp(`: ${applied.length} applied, ${pending.length} pending\\.$`));
    expect(await runMigrateCommand(t.database, ['--status'])).toEqual(status);

    expect(await runMigrateCommand(t.database, [])).toEqual([
      expect.stringMatching(new RegExp(`^Applied ${pending.length} migration\\(s\\) on `)),
      ...pending.map((name) => `applied  ${name}`),
    ]);
    // The migrated table is there and usable.
    const rows = await t.database.db.selectFrom('personal_access_tokens').selectAll().execute();
    expect(rows).toEqual([]);
    expect((await runMigrateCommand(t.database, []))[0]).toMatch(
      /is up to date: no migration was pending\.$/,
    );
    expect((await runMigrateCommand(t.database, ['--status']))[0]).toMatch(/: \d+ applied, 0 pending\.$/);
  });

  it('refuses an unknown argument, naming the usage', async () => {
    await expect(runMigrateCommand(t.database, ['--down'])).rejects.toThrow(
      'Usage: npm run migrate [-- --status]',
    );
  });

  it('runs as a command on the configured SQLite file, without starting the server', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mindspend-migrate-'));
    try {
      // PORT is taken by nothing: the command never listens, and it exits by itself.
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' };
      const command = ['--import', 'tsx', 'apps/server/src/migrate.ts'];
      const first = await run(process.execPath, command, { cwd: repoRoot, env, timeout: 60_000 });
      expect(first.stdout).toMatch(/^Applied \d+ migration\(s\) on SQLite:\n/);
      expect(first.stdout).toContain('applied  0013-personal-access-tokens');
      const status = await run(process.execPath, [...command, '--status'], {
        cwd: repoRoot,
        env,
        timeout: 60_000,
      });
      expect(status.stdout).toMatch(/^Migrations on SQLite: \d+ applied, 0 pending\.\n/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
