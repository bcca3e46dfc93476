/**
 * What Mindspend creates in DATA_DIR is its user's alone (issue 35): the directory 0700, the
 * SQLite database with its -wal and -shm files and the key files 0600, whatever the umask lets
 * through (a usual 022 would make them readable by everyone on the machine).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { dataDirKey } from './data-dir-key';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'mindspend-private-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The permission bits of a file or directory, e.g. 0o600. */
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('files in DATA_DIR', () => {
  it('creates the data directory 0700, and the SQLite database, its -wal and -shm 0600', async () => {
    const dataDir = path.join(scratch, 'sqlite', 'data');
    const database = openDatabase({ dataDir });
    try {
      await sql`create table probe (id integer primary key)`.execute(database.db);
      await sql`insert into probe (id) values (1)`.execute(database.db);
      expect(modeOf(path.join(scratch, 'sqlite'))).toBe(0o700);
      expect(modeOf(dataDir)).toBe(0o700);
      for (const file of ['mindspend.db', 'mindspend.db-wal', 'mindspend.db-shm']) {
        expect(modeOf(path.join(dataDir, file)), file).toBe(0o600);
      }
    } finally {
      await database.close();
    }
  });

  it('opens an existing database file as it is, its data kept', async () => {
    const dataDir = path.join(scratch, 'existing');
    const first = openDatabase({ dataDir });
    await sql`create table probe (id integer primary key)`.execute(first.db);
    await sql`insert into probe (id) values (7)`.execute(first.db);
    await first.close();
    const again = openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ id: number }>`select id from probe`.execute(again.db);
      expect(rows).toEqual([{ id: 7 }]);
    } finally {
      await again.close();
    }
  });

  it('creates the key files (two-factor.key, unsubscribe.key) 0600 in a 0700 directory', () => {
    const dataDir = path.join(scratch, 'keys');
    const key = dataDirKey(dataDir, 'two-factor.key');
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(dataDirKey(dataDir, 'two-factor.key')).toBe(key);
    dataDirKey(dataDir, 'unsubscribe.key');
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'two-factor.key'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'unsubscribe.key'))).toBe(0o600);
  });

  it("leaves a directory the operator made as it is, and still makes the database the server's own", async () => {
    // E.g. shared with a backup user's group on purpose: not tightened behind the operator's back.
    const dataDir = path.join(scratch, 'operator');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o750);
    const database = openDatabase({ dataDir });
    await database.close();
    expect(modeOf(dataDir)).toBe(0o750);
    expect(modeOf(path.join(dataDir, 'mindspend.db'))).toBe(0o600);
  });
});
