/**
 * Issue 12: text from a file must not make the user's own backup unrestorable. A statement's
 * text can hold neither a lone surrogate (an encoded one, ED A0 80, is not valid UTF-8, so the
 * file is read as Windows-1252: DECISIONS.md #41) nor, once the upload is accepted, a NUL: a file with NUL bytes is binary or UTF-16,
 * not a statement, and is refused whole with the usual sentence (PostgreSQL could not store it).
 * The rows are also made storable on the way to the ledger (storableRow in packages/domain, imports/prepared-row.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { multipartBody, uploadStatement } from '../../test/uploads';

describe(`a statement file's odd text on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
  });
  afterAll(() => t?.close());

  it('refuses a file with NUL bytes and writes nothing', async () => {
    const { token } = await registerUser(t.app, 'nul-file@example.com');
    const account = await createAccount(t.app, token);
    const { response } = await uploadStatement(t.app, token, account, 'Date,Description,Amount\n10/02/2026,CORNER\u0000 SHOP,-4.20');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { file: ['Please select a CSV, OFX, QFX, QIF, CAMT (.xml), MT940 or Excel (.xlsx) statement file.'] } });
  });

  it('reads an encoded lone surrogate as Windows-1252 text (no U+FFFD), and the backup restores', async () => {
    const { token } = await registerUser(t.app, 'surrogate-file@example.com');
    const account = await createAccount(t.app, token);
    const content = Buffer.concat([
      Buffer.from('Date,Description,Amount\n10/14/2026,CORNER '),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(' SHOP,-4.20\n'),
    ]);
    const body = multipartBody({ account_id: String(account) }, { name: 'statement.csv', type: 'text/csv', content });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/upload-transactions',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(202);
    await t.app.imports.idle();

    const backup = await asUser(t.app, token, { method: 'GET', url: '/api/export/backup.json' });
    expect(backup.statusCode).toBe(200);
    expect(backup.body).toContain('CORNER í\u00a0€ SHOP');
    expect(backup.body).not.toContain('\ufffd');
    expect(backup.body).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    const other = await registerUser(t.app, 'surrogate-file-restore@example.com');
    const restored = await asUser(t.app, other.token, {
      method: 'POST',
      url: '/api/import-backup',
      payload: backup.body,
      headers: { 'content-type': 'application/json' },
    });
    expect(restored.statusCode, restored.body).toBe(201);
  });
});
