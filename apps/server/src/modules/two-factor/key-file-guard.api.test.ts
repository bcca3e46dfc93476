import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp, registerUser } from '../../test/test-app';
import { KEY_FILE } from './secret-box';
import { twoFactorKeyProblem } from './key-file-guard';

describe(`the start-up check of the two-factor key on ${TEST_DB} (DECISIONS.md #93)`, () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = mkdtempSync(path.join(tmpdir(), 'mindspend-key-guard-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const noVariable = () => ({ DATA_DIR: dataDir, TWO_FACTOR_ENCRYPTION_KEY: undefined });

  it('lets a server start without a key while nobody has two-factor on, even with a secret pending', async () => {
    const { userId } = await registerUser(t.app, 'pending@example.com');
    await t.database.db.updateTable('users').set({ two_factor_secret_encrypted: 'sealed' }).where('id', '=', userId).execute();
    expect(await twoFactorKeyProblem(t.database, noVariable())).toBeNull();
  });

  it('stops it once people have two-factor on, naming the file, the fixes and the risk', async () => {
    for (const email of ['on-1@example.com', 'on-2@example.com']) {
      const { userId } = await registerUser(t.app, email);
      await t.database.db.updateTable('users').set({ two_factor_enabled_at: '2026-11-27T20:00:00.000Z' }).where('id', '=', userId).execute();
    }
    const problem = await twoFactorKeyProblem(t.database, noVariable());
    expect(problem).toContain('2 people have two-factor sign-in on');
    expect(problem).toContain(`nor does ${path.join(dataDir, KEY_FILE)} exist`);
    expect(problem).toContain('Restore two-factor.key from the backup');
    expect(problem).toContain('set TWO_FACTOR_ENCRYPTION_KEY');
    expect(problem).toContain('could no longer sign in');
  });

  it('lets it start with the variable set, or with the key file there', async () => {
    expect(await twoFactorKeyProblem(t.database, { DATA_DIR: dataDir, TWO_FACTOR_ENCRYPTION_KEY: 'k'.repeat(40) })).toBeNull();
    writeFileSync(path.join(dataDir, KEY_FILE), 'restored-key', { mode: 0o600 });
    expect(await twoFactorKeyProblem(t.database, noVariable())).toBeNull();
  });
});
