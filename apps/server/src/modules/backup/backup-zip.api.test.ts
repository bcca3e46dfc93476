/**
 * The backup zip round trip on SQLite and PostgreSQL, with both attachment stores (DECISIONS.md
 * #113): a book with files exported as a zip and restored into a fresh account gives back every
 * file byte for byte, with working thumbnails; JSON backups still restore; two restores at once
 * leave one restore's rows and files, never both.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, type TestStore, startTestStore } from '../../test/attachment-stores';
import { createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { pdf, png } from '../../test/sample-files';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { multipartBody } from '../../test/uploads';
import { entryDates, rawZip, unzip } from '../../test/zip-files';
import { attachmentStoreFor } from '../attachments';

interface AttachmentJson {
  id: number;
  file_name: string;
  media_type: string;
  size_bytes: number;
}
interface BackupJson {
  transactions: Array<{ id: number; notes: string | null }>;
  attachments?: Array<AttachmentJson & { transaction_id: number; entry: string }>;
}

describe.each(STORE_KINDS)(`the backup zip in a %s on ${TEST_DB}`, (kind) => {
  let store: TestStore;
  let t: TestApp;
  let owner: string;
  let receiptTransaction: number;
  const originals = new Map<string, Buffer>();

  const restoreZip = (token: string, zip: Buffer) => {
    const body = multipartBody({}, { name: 'mindspend-backup.zip', type: 'application/zip', content: zip });
    return asUser(t.app, token, { method: 'POST', url: '/api/import-backup/zip', headers: body.headers, payload: body.payload });
  };
  const storedCount = async () => {
    let count = 0;
    for await (const _object of attachmentStoreFor(t.config).list()) count += 1;
    return count;
  };
  const attachmentsOf = async (token: string, transactionId: number) =>
    (await asUser(t.app, token, { method: 'GET', url: `/api/transactions/${transactionId}/attachments` })).json<{ attachments: AttachmentJson[] }>().attachments;
  const transactionsOf = async (token: string) =>
    (await asUser(t.app, token, { method: 'GET', url: '/api/export/backup.json' })).json<BackupJson>().transactions;

  beforeAll(async () => {
    store = await startTestStore(kind);
    t = await createTestApp(store.overrides);
    await t.app.attachmentSweep.stop();
    ({ token: owner } = await registerUser(t.app, `zip-owner-${kind}@example.com`));
    const account = await createAccount(t.app, owner);
    const shop = await createEntity(t.app, owner, account, 'Hardware Store');
    const ids = await subcategoryIds(t.app, owner);
    receiptTransaction = await createTransaction(t.app, owner, account, { amount: 249.99, entity_id: shop, notes: 'Drill, 2-year warranty', subcategories: [{ id: ids['Household Supplies'] }] });
    await createTransaction(t.app, owner, account, { amount: 12, description: 'Coffee' });
    const body = multipartBody({}, [
      { name: 'receipt.png', type: 'image/png', content: await png(60, 40) },
      { name: 'warranty.pdf', type: 'application/pdf', content: pdf() },
    ]);
    const uploaded = await asUser(t.app, owner, { method: 'POST', url: `/api/transactions/${receiptTransaction}/attachments`, headers: body.headers, payload: body.payload });
    expect(uploaded.statusCode).toBe(201);
    for (const file of uploaded.json<{ attachments: AttachmentJson[] }>().attachments) {
      const served = await asUser(t.app, owner, { method: 'GET', url: `/api/attachments/${file.id}` });
      originals.set(file.file_name, served.rawPayload);
    }
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('exports backup.json and every file, named by its entry', async () => {
    const response = await asUser(t.app, owner, { method: 'GET', url: '/api/export/backup.zip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="mindspend-backup-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = await unzip(response.rawPayload);
    const backup = JSON.parse(entries.get('backup.json')?.toString('utf8') ?? '{}') as BackupJson;
    expect(backup.attachments?.map((a) => a.file_name).sort()).toEqual(['receipt.png', 'warranty.pdf']);
    for (const attachment of backup.attachments ?? []) {
      expect(attachment.entry).toBe(`attachments/${attachment.id}/${attachment.file_name}`);
      expect(attachment.transaction_id).toBe(receiptTransaction);
      expect(entries.get(attachment.entry)?.equals(originals.get(attachment.file_name) ?? Buffer.alloc(0))).toBe(true);
    }
    expect([...entries.keys()].sort()).toEqual(['backup.json', ...(backup.attachments ?? []).map((a) => a.entry)].sort());
  });

  // The entries carried the moment yazl wrote them (2-second steps): two downloads of the same book
  // straddling a step differed, which a test of private accounts caught on a loaded machine.
  it('dates every entry by the server’s clock at the export, so the same book at one moment is the same zip', async () => {
    const before = t.clock.now();
    t.clock.set('2026-03-14T09:26:52Z');
    try {
      const zip = (await asUser(t.app, owner, { method: 'GET', url: '/api/export/backup.zip' })).rawPayload;
      const dates = await entryDates(zip);
      expect(dates.size).toBe(3);
      for (const [name, date] of dates) expect(date.toISOString(), name).toBe('2026-03-14T09:26:52.000Z');
    } finally {
      t.clock.set(before.toISOString());
    }
  });

  it('restores into a fresh account: the transaction has its files, byte for byte, and thumbnails work', async () => {
    const zip = (await asUser(t.app, owner, { method: 'GET', url: '/api/export/backup.zip' })).rawPayload;
    const { token } = await registerUser(t.app, `zip-restore-${kind}@example.com`);
    const restored = await restoreZip(token, zip);
    expect(restored.statusCode).toBe(201);
    expect(restored.json<{ counts: { transactions: number; attachments: number } }>().counts).toMatchObject({ transactions: 2, attachments: 2 });
    const drill = (await transactionsOf(token)).find((row) => row.notes === 'Drill, 2-year warranty');
    expect(drill).toBeDefined();
    const files = await attachmentsOf(token, drill?.id ?? 0);
    expect(files.map((file) => file.file_name).sort()).toEqual(['receipt.png', 'warranty.pdf']);
    for (const file of files) {
      const served = await asUser(t.app, token, { method: 'GET', url: `/api/attachments/${file.id}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(originals.get(file.file_name) ?? Buffer.alloc(0))).toBe(true);
      const thumbnail = await asUser(t.app, token, { method: 'GET', url: `/api/attachments/${file.id}/thumbnail` });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('jpeg');
    }
    // The restored files are the new account's own: the first owner's ids are not its.
    const foreign = await asUser(t.app, token, { method: 'GET', url: `/api/transactions/${receiptTransaction}/attachments` });
    expect(foreign.statusCode).toBe(404);
  });

  it('still restores a JSON backup, sent as JSON or zipped alone as backup.json', async () => {
    const json = await asUser(t.app, owner, { method: 'GET', url: '/api/export/backup.json' });
    expect(json.json<BackupJson>().attachments).toBeUndefined();
    const { token: first } = await registerUser(t.app, `zip-json-${kind}@example.com`);
    const asJson = await asUser(t.app, first, { method: 'POST', url: '/api/import-backup', payload: json.json<object>() });
    expect(asJson.statusCode).toBe(201);
    expect(asJson.json<{ counts: { transactions: number } }>().counts.transactions).toBe(2);
    const { token: second } = await registerUser(t.app, `zip-json-alone-${kind}@example.com`);
    const zipped = await restoreZip(second, rawZip([{ name: 'backup.json', data: json.rawPayload }]));
    expect(zipped.statusCode).toBe(201);
    expect(zipped.json<{ counts: { transactions: number; attachments: number } }>().counts).toMatchObject({ transactions: 2, attachments: 0 });
  });

  it('refuses the zip’s backup.json sent alone: its files would be missing', async () => {
    const entries = await unzip((await asUser(t.app, owner, { method: 'GET', url: '/api/export/backup.zip' })).rawPayload);
    const { token } = await registerUser(t.app, `zip-json-files-${kind}@example.com`);
    const before = await storedCount();
    const response = await asUser(t.app, token, { method: 'POST', url: '/api/import-backup', payload: JSON.parse(entries.get('backup.json')?.toString('utf8') ?? '{}') as object });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe('This backup lists attached files: restore the .zip it came in, not its backup.json alone.');
    expect(await transactionsOf(token)).toEqual([]);
    expect(await storedCount()).toBe(before);
  });

  it('fails the download rather than sending a zip without a file the store lost', async () => {
    const { token } = await registerUser(t.app, `zip-lost-${kind}@example.com`);
    const account = await createAccount(t.app, token);
    const transaction = await createTransaction(t.app, token, account, { amount: 5 });
    const body = multipartBody({}, { name: 'lost.png', type: 'image/png', content: await png(20, 20) });
    expect((await asUser(t.app, token, { method: 'POST', url: `/api/transactions/${transaction}/attachments`, headers: body.headers, payload: body.payload })).statusCode).toBe(201);
    const row = await t.database.db.selectFrom('attachments').select('storage_key').where('transaction_id', '=', transaction).executeTakeFirstOrThrow();
    await attachmentStoreFor(t.config).delete(row.storage_key);
    const outcome = await asUser(t.app, token, { method: 'GET', url: '/api/export/backup.zip' }).then(
      async (response) => unzip(response.rawPayload).then(() => 'a whole zip', () => 'a broken download'),
      () => 'a broken download',
    );
    expect(outcome).toBe('a broken download');
  });

  it('of two restores at once, one writes its rows and files and the other writes nothing', async () => {
    const zip = (await asUser(t.app, owner, { method: 'GET', url: '/api/export/backup.zip' })).rawPayload;
    const { token } = await registerUser(t.app, `zip-race-${kind}@example.com`);
    const before = await storedCount();
    const answers = await Promise.all([restoreZip(token, zip), restoreZip(token, zip)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)?.json<{ message: string }>().message).toBe('Backups can only be restored into an empty account.');
    expect(await transactionsOf(token)).toHaveLength(2);
    // Only the winner's two files are kept: the loser removed what it had written.
    expect(await storedCount()).toBe(before + 2);
  });
});
