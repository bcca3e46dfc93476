/**
 * Issue 17: statement files as real banks write them, uploaded as bytes (the fixtures of
 * packages/domain/src/imports/fixtures, each named for its case) and read back through the API.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

const fixture = (name: string) => readFileSync(new URL(`../../../../../packages/domain/src/imports/fixtures/${name}`, import.meta.url));

interface LedgerRow {
  entity: { name: string };
  amount: number;
  type: string;
  description: string | null;
  notes: string | null;
}

describe(`statement files from real banks on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token } = await registerUser(t.app, 'real-banks@example.com'));
  });
  afterAll(() => t?.close());

  const month = async (accountId: number, m: number) => {
    const response = await asUser(t.app, token, { method: 'GET', url: `/api/accounts/${accountId}/transactions/month/${m}/year/2026` });
    return response.json<LedgerRow[]>();
  };

  it('keeps the accents and the euro sign of a Windows-1252 CSV, and a second upload adds no row', async () => {
    const accountId = await createAccount(t.app, token);
    const first = await uploadStatement(t.app, token, accountId, fixture('windows-1252-cafe-metro.csv'), 'cafe.csv');
    expect(first.job).toMatchObject({ status: 'completed', rows_imported: 2 });
    const names = (await month(accountId, 10)).map((row) => row.entity.name).sort();
    expect(names).toEqual(['Café Métro €uro', 'Crêperie Élodie']);
    expect(JSON.stringify(names)).not.toContain('\uFFFD');
    const again = await uploadStatement(t.app, token, accountId, fixture('windows-1252-cafe-metro.csv'), 'cafe.csv');
    expect(again.job).toMatchObject({ status: 'completed', rows_imported: 0, duplicates_skipped: 2 });
  });

  it("reads an OFX file in the CHARSET:1252 its header declares", async () => {
    const accountId = await createAccount(t.app, token);
    const { job } = await uploadStatement(t.app, token, accountId, fixture('ofx-charset-1252-interac.ofx'), 'interac.ofx', 'application/x-ofx');
    expect(job).toMatchObject({ status: 'completed', rows_imported: 1 });
    const [row] = await month(accountId, 10);
    expect(row?.entity.name).toBe('Virement Interac à: Jean');
    expect(row?.notes).toBe('Dépôt réglé');
  });
});
