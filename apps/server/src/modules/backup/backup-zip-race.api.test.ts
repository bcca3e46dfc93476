/**
 * Backup zips restored at once from two server processes on one PostgreSQL database sharing one
 * bucket (one process on SQLite, which serves one process; DECISIONS.md #113): into one empty
 * account, one restore writes its rows and files and the other writes nothing and keeps no file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../../test/attachment-stores';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { png } from '../../test/sample-files';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { multipartBody } from '../../test/uploads';
import { attachmentStoreFor } from '../attachments';

describe(`backup zips restored from two server processes on ${TEST_DB}`, () => {
  let store: TestStore;
  let t: TestApp;
  let second: TestApp;
  let zip: Buffer;

  const storedCount = async () => {
    let count = 0;
    for await (const _object of attachmentStoreFor(t.config).list()) count += 1;
    return count;
  };
  const restore = (app: TestApp, token: string) => {
    const body = multipartBody({}, { name: 'backup.zip', type: 'application/zip', content: zip });
    return asUser(app.app, token, { method: 'POST', url: '/api/import-backup/zip', headers: body.headers, payload: body.payload });
  };

  beforeAll(async () => {
    store = await startTestStore('bucket');
    t = await createTestApp(store.overrides);
    second = TEST_DB === 'postgres' ? await createTestApp(store.overrides, { shareDatabaseWith: t }) : t;
    await Promise.all([t.app.attachmentSweep.stop(), second.app.attachmentSweep.stop()]);
    const { token } = await registerUser(t.app, 'zip-race-owner@example.com');
    const account = await createAccount(t.app, token);
    const transaction = await createTransaction(t.app, token, account, { amount: 18 });
    const body = multipartBody({}, [
      { name: 'a.png', type: 'image/png', content: await png(30, 20) },
      { name: 'b.png', type: 'image/png', content: await png(20, 30) },
    ]);
    expect((await asUser(t.app, token, { method: 'POST', url: `/api/transactions/${transaction}/attachments`, headers: body.headers, payload: body.payload })).statusCode).toBe(201);
    zip = (await asUser(t.app, token, { method: 'GET', url: '/api/export/backup.zip' })).rawPayload;
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.close();
    await store.close();
  });

  it('one restore wins; the other leaves no row and no file', async () => {
    const { token } = await registerUser(t.app, 'zip-race-restorer@example.com');
    const before = await storedCount();
    const answers = await Promise.all([restore(t, token), restore(second, token), restore(t, token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
    const backup = (await asUser(second.app, token, { method: 'GET', url: '/api/export/backup.json' })).json<{ transactions: unknown[] }>();
    expect(backup.transactions).toHaveLength(1);
    expect(await storedCount()).toBe(before + 2);
  });
});
