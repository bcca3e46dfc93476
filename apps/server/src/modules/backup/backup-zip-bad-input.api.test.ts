/**
 * Bad backup zips on SQLite and PostgreSQL, with both attachment stores (DECISIONS.md #113): a
 * zip bomb, a malformed zip, a path-like entry name, an entry claiming one size and holding
 * another, too many entries, and files the backup does not name — each a 4xx with a sentence,
 * with no row written and no file left in the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, type TestStore, startTestStore } from '../../test/attachment-stores';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { png } from '../../test/sample-files';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { multipartBody } from '../../test/uploads';
import { type RawEntry, rawZip, unzip } from '../../test/zip-files';
import { attachmentStoreFor } from '../attachments';

interface BackupJson {
  attachments: Array<{ id: number; entry: string; transaction_id: number; media_type: string }>;
  [key: string]: unknown;
}

const MB = 1024 * 1024;

describe.each(STORE_KINDS)(`bad backup zips in a %s on ${TEST_DB}`, (kind) => {
  let store: TestStore;
  let t: TestApp;
  let victim: string;
  let backup: BackupJson;
  let files: Map<string, Buffer>;

  const send = (zip: Buffer, token = victim) => {
    const body = multipartBody({}, { name: 'backup.zip', type: 'application/zip', content: zip });
    return asUser(t.app, token, { method: 'POST', url: '/api/import-backup/zip', headers: body.headers, payload: body.payload });
  };
  const storedCount = async () => {
    let count = 0;
    for await (const _object of attachmentStoreFor(t.config).list()) count += 1;
    return count;
  };
  /** The backup's own entries, with `change` applied to a copy of its backup.json. */
  const entriesWith = (change: (json: BackupJson) => void = () => undefined): RawEntry[] => {
    const json = structuredClone(backup);
    change(json);
    return [{ name: 'backup.json', data: Buffer.from(JSON.stringify(json)) }, ...[...files].map(([name, data]) => ({ name, data, deflate: false }))];
  };

  /** Sends the zip and checks the refusal: its status and sentence, no row and no file kept. */
  const refuses = async (zip: Buffer, status: number, message: string | RegExp) => {
    const before = await storedCount();
    const response = await send(zip);
    expect(response.statusCode).toBe(status);
    const said = response.json<{ message: string }>().message;
    if (typeof message === 'string') expect(said).toBe(message);
    else expect(said).toMatch(message);
    const accounts = await asUser(t.app, victim, { method: 'GET', url: '/api/accounts' });
    expect(accounts.json<unknown[]>()).toEqual([]);
    expect(await storedCount()).toBe(before);
  };

  beforeAll(async () => {
    store = await startTestStore(kind);
    // One megabyte per file, so a bomb needs only a few megabytes to go over.
    t = await createTestApp({ ...store.overrides, ATTACHMENT_MAX_MB: '1' });
    await t.app.attachmentSweep.stop();
    const { token: owner } = await registerUser(t.app, `bad-zip-owner-${kind}@example.com`);
    const account = await createAccount(t.app, owner);
    const transaction = await createTransaction(t.app, owner, account, { amount: 40 });
    const body = multipartBody({}, { name: 'receipt.png', type: 'image/png', content: await png() });
    expect((await asUser(t.app, owner, { method: 'POST', url: `/api/transactions/${transaction}/attachments`, headers: body.headers, payload: body.payload })).statusCode).toBe(201);
    const entries = await unzip((await asUser(t.app, owner, { method: 'GET', url: '/api/export/backup.zip' })).rawPayload);
    backup = JSON.parse(entries.get('backup.json')?.toString('utf8') ?? '{}') as BackupJson;
    entries.delete('backup.json');
    files = entries;
    ({ token: victim } = await registerUser(t.app, `bad-zip-victim-${kind}@example.com`));
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('restores the well-formed zip these cases are made from (so each refusal is for its own flaw)', async () => {
    const { token } = await registerUser(t.app, `bad-zip-control-${kind}@example.com`);
    const response = await send(rawZip(entriesWith()), token);
    expect(response.statusCode).toBe(201);
    expect(response.json<{ counts: { attachments: number } }>().counts.attachments).toBe(1);
  });

  it('refuses what is not a zip, and an upload without a file', async () => {
    await refuses(Buffer.from('PK\u0003\u0004 this is not really a zip'), 422, 'This file is not a readable zip; nothing was restored. Choose the .zip from ‘Download backup’.');
    await refuses(rawZip(entriesWith()).subarray(0, 200), 422, /not a readable zip/);
    const empty = multipartBody({ note: 'no file' });
    const response = await asUser(t.app, victim, { method: 'POST', url: '/api/import-backup/zip', headers: empty.headers, payload: empty.payload });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const json = await asUser(t.app, victim, { method: 'POST', url: '/api/import-backup/zip', payload: { format: 'mindspend-backup' } });
    expect(json.statusCode).toBe(422);
    expect(json.json<{ message: string }>().message).toBe('Choose the backup file to restore: the .zip from ‘Download backup’.');
  });

  it('stops a zip bomb as it inflates, whatever its headers claim', async () => {
    const [name] = [...files.keys()];
    const bomb = Buffer.alloc(8 * MB);
    // Honest headers: refused from the directory, before a byte is inflated.
    await refuses(rawZip(entriesWith().map((entry) => (entry.name === name ? { name: entry.name, data: bomb } : entry))), 413, 'A file in this zip is larger than this server accepts; nothing was restored.');
    // Lying headers (it claims the stored file's size): cut off at the claimed size as it inflates.
    const lying = entriesWith().map((entry) => (entry.name === name ? { name: entry.name, data: bomb, claimedSize: entry.data.length } : entry));
    await refuses(rawZip(lying), 422, 'A file in this zip does not hold what its header says (damaged, or a zip bomb); nothing was restored.');
    // backup.json itself as the bomb: 120 MB of spaces claiming 2 KB.
    const jsonBomb = entriesWith();
    jsonBomb[0] = { name: 'backup.json', data: Buffer.alloc(120 * MB, ' '), claimedSize: 2048 };
    await refuses(rawZip(jsonBomb), 422, /does not hold what its header says/);
  });

  it('refuses an entry claiming one size and holding another', async () => {
    const [name] = [...files.keys()];
    const message = 'A file in this zip does not hold what its header says (damaged, or a zip bomb); nothing was restored.';
    const stored = entriesWith().map((entry) => (entry.name === name ? { ...entry, claimedSize: entry.data.length + 500 } : entry));
    await refuses(rawZip(stored), 422, message);
    const deflated = entriesWith().map((entry) => (entry.name === name ? { ...entry, deflate: true, claimedSize: entry.data.length + 500 } : entry));
    await refuses(rawZip(deflated), 422, message);
    const smaller = entriesWith().map((entry) => (entry.name === name ? { ...entry, deflate: true, claimedSize: entry.data.length - 10 } : entry));
    await refuses(rawZip(smaller), 422, message);
  });

  it('refuses path-like and unknown entry names', async () => {
    await refuses(rawZip([...entriesWith(), { name: '../../etc/passwd', data: Buffer.from('root:x:0:0') }]), 422, /not a readable zip|not part of a Mindspend backup/);
    await refuses(rawZip([...entriesWith(), { name: '/etc/passwd', data: Buffer.from('root') }]), 422, /not a readable zip|not part of a Mindspend backup/);
    await refuses(rawZip([...entriesWith(), { name: 'attachments\\1\\a.png', data: Buffer.from('x') }]), 422, /not a readable zip|not part of a Mindspend backup/);
    await refuses(rawZip([...entriesWith(), { name: 'notes.txt', data: Buffer.from('hello') }]), 422, 'This zip holds a file that is not part of a Mindspend backup; nothing was restored.');
    // A well-shaped name the backup does not list.
    await refuses(rawZip([...entriesWith(), { name: 'attachments/999/extra.png', data: await png() }]), 422, /not part of a Mindspend backup/);
  });

  it('refuses too many entries before reading them', async () => {
    const many = Array.from({ length: 50_001 }, (_, index) => ({ name: `attachments/${index + 1}/a.png`, data: Buffer.alloc(0), deflate: false }));
    await refuses(rawZip(many), 422, 'A backup zip holds at most 50,000 files; nothing was restored.');
  });

  it('refuses a zip without backup.json, or missing a listed file, or holding another file than listed', async () => {
    await refuses(rawZip(entriesWith().slice(1)), 422, 'This zip has no backup.json, so it is not a Mindspend backup; nothing was restored.');
    await refuses(rawZip(entriesWith().slice(0, 1)), 422, 'The backup lists an attached file the zip does not hold; nothing was restored.');
    const swapped = entriesWith().map((entry) => (entry.name === 'backup.json' ? entry : { ...entry, data: Buffer.from('%PDF-1.4 not the png') }));
    await refuses(rawZip(swapped), 422, /does not hold what its header says|not what the backup says/);
    const sameSize = entriesWith().map((entry) => (entry.name === 'backup.json' ? entry : { ...entry, data: Buffer.alloc(entry.data.length, 7) }));
    await refuses(rawZip(sameSize), 422, 'An attached file in this zip is not what the backup says it is; nothing was restored.');
    await refuses(rawZip(entriesWith((json) => void (json.attachments[0] && (json.attachments[0].transaction_id = 987_654)))), 422, /refers to transaction 987654/);
    await refuses(rawZip([{ name: 'backup.json', data: Buffer.from('{not json') }]), 422, 'The backup file is not valid: its backup.json is not JSON.');
  });

  it('writes no file into an account that is not empty', async () => {
    const { token } = await registerUser(t.app, `bad-zip-full-${kind}@example.com`);
    await createAccount(t.app, token);
    const before = await storedCount();
    const response = await send(rawZip(entriesWith()), token);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe('Backups can only be restored into an empty account.');
    expect(await storedCount()).toBe(before);
  });
});
