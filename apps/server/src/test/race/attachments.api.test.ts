/**
 * Attachments raced on REAL server processes (issue 33, DECISIONS.md #107): two processes on one
 * PostgreSQL database and one DATA_DIR/attachments (one process on SQLite). Uploads to one
 * transaction sent at once through both all land; a delete racing downloads leaves each download
 * the whole file or a 404, never half a file. The in-process test
 * (modules/attachments/attachments-race.api.test.ts) runs the same races against a bucket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { png } from '../sample-files';
import { createAccount, idOf } from './fixtures';
import { Api, type Cluster, TEST_DB, buildServer, expectNoServerErrors, startCluster } from './harness';

const attachmentList = z.object({ attachments: z.array(z.object({ id: z.number(), file_name: z.string(), size_bytes: z.number() })) });

function receiptForm(name: string, content: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), name);
  return form;
}

describe(`attachments raced on ${TEST_DB} server processes`, () => {
  let cluster: Cluster;
  let api: Api;
  let accountId: number;

  beforeAll(async () => {
    await buildServer();
    cluster = await startCluster();
    api = await Api.signUp(cluster, 'race-attachments@example.com');
    accountId = await createAccount(api);
  }, 120_000);
  afterAll(() => cluster?.stop());

  const newPurchase = async () =>
    idOf(await api.send('POST', `/accounts/${accountId}/transactions`, { type: 'expense', amount: 12.5, date: '2026-11-20' }, 201));

  it('lands every upload to one transaction sent at once through both processes', async () => {
    const transactionId = await newPurchase();
    const uploads = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (index) =>
        api.call('POST', `/transactions/${transactionId}/attachments`, { form: receiptForm(`receipt-${index}.png`, await png(30 + index, 20)), via: index }),
      ),
    );
    expect(uploads.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    // Read through each process: both see all six.
    for (const via of [0, 1]) {
      const { attachments } = attachmentList.parse(await api.get(`/transactions/${transactionId}/attachments`, via));
      expect(attachments.map((attachment) => attachment.file_name).sort()).toEqual([0, 1, 2, 3, 4, 5].map((index) => `receipt-${index}.png`));
    }
    expectNoServerErrors(api);
  });

  it('answers each download racing a delete with the whole file or a 404', async () => {
    const transactionId = await newPurchase();
    const content = await png(600, 400);
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      const added = await api.call('POST', `/transactions/${transactionId}/attachments`, { form: receiptForm('r.png', content), via: 0 });
      expect(added.status).toBe(201);
      const attachment = attachmentList.parse(added.body).attachments.at(-1);
      if (!attachment) throw new Error('no attachment answered');
      const url = `${cluster.servers[1 % cluster.servers.length]?.baseUrl}/api/attachments/${attachment.id}`;
      const download = async () => {
        const response = await fetch(url, { headers: { authorization: `Bearer ${api.token}` } });
        const bytes = (await response.arrayBuffer()).byteLength;
        return { status: response.status, bytes };
      };
      const [before, removed, after] = await Promise.all([download(), api.call('DELETE', `/attachments/${attachment.id}`, { via: 0 }), download()]);
      expect(removed.status).toBe(204);
      for (const answer of [before, after]) {
        outcomes.push(String(answer.status));
        if (answer.status === 200) expect(answer.bytes, 'a whole file, never a part').toBe(attachment.size_bytes);
        else expect(answer.status).toBe(404);
      }
      expect((await download()).status).toBe(404);
    }
    expect(outcomes.every((status) => status === '200' || status === '404')).toBe(true);
    expectNoServerErrors(api);
  });
});
