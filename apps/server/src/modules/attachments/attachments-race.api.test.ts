/**
 * Attachments raced from two server processes on one PostgreSQL database sharing one bucket (one
 * process on SQLite, which serves one process): uploads to one transaction from both all land, and
 * a delete racing downloads leaves each download whole or 404, never half a file (DECISIONS.md #107).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../../test/attachment-stores';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { png } from '../../test/sample-files';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { multipartBody } from '../../test/uploads';

describe(`attachments raced from two server processes on ${TEST_DB}`, () => {
  let store: TestStore;
  let t: TestApp;
  let second: TestApp;
  let token: string;
  let accountId: number;

  beforeAll(async () => {
    store = await startTestStore('bucket');
    t = await createTestApp(store.overrides);
    second = TEST_DB === 'postgres' ? await createTestApp(store.overrides, { shareDatabaseWith: t }) : t;
    await Promise.all([t.app.attachmentSweep.stop(), second.app.attachmentSweep.stop()]);
    ({ token } = await registerUser(t.app, 'attach-race@example.com'));
    accountId = await createAccount(t.app, token);
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.close();
    await store.close();
  });

  it('lands every upload to one transaction sent at once from both processes', async () => {
    const transactionId = await createTransaction(t.app, token, accountId, {});
    const uploads = await Promise.all(
      [t, second, t, second, t, second].map(async (app, index) => {
        const body = multipartBody(
          {},
          { name: `receipt-${index}.png`, type: 'image/png', content: await png(30 + index, 20) },
        );
        return asUser(app.app, token, {
          method: 'POST',
          url: `/api/transactions/${transactionId}/attachments`,
          headers: body.headers,
          payload: body.payload,
        });
      }),
    );
    expect(uploads.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const list = await asUser(second.app, token, {
      method: 'GET',
      url: `/api/transactions/${transactionId}/attachments`,
    });
    const names = list
      .json<{ attachments: { file_name: string }[] }>()
      .attachments.map((a) => a.file_name)
      .sort();
    expect(names).toEqual([0, 1, 2, 3, 4, 5].map((index) => `receipt-${index}.png`));
  });

  it('answers a download racing a delete whole or 404, never half a file', async () => {
    const transactionId = await createTransaction(t.app, token, accountId, {});
    const content = await png(600, 400);
    for (let round = 0; round < 5; round += 1) {
      const body = multipartBody({}, { name: 'r.png', type: 'image/png', content });
      const added = await asUser(t.app, token, {
        method: 'POST',
        url: `/api/transactions/${transactionId}/attachments`,
        headers: body.headers,
        payload: body.payload,
      });
      const attachment = added
        .json<{ attachments: { id: number; size_bytes: number }[] }>()
        .attachments.at(-1);
      const url = `/api/attachments/${attachment?.id}`;
      const [first, removed, last] = await Promise.all([
        asUser(second.app, token, { method: 'GET', url }),
        asUser(t.app, token, { method: 'DELETE', url }),
        asUser(second.app, token, { method: 'GET', url }),
      ]);
      expect(removed.statusCode).toBe(204);
      for (const download of [first, last]) {
        expect([200, 404]).toContain(download.statusCode);
        if (download.statusCode === 200) expect(download.rawPayload.length).toBe(attachment?.size_bytes);
        else expect(download.json()).toEqual({ message: 'Attachment not found.' });
      }
    }
  });
});
