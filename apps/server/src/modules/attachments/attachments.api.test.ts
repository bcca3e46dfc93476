/**
 * Attachments on SQLite and PostgreSQL, each with both stores: a directory and an S3 bucket on
 * s3rver (DECISIONS.md #107). Uploading, listing, serving, thumbnails, removal, the book's
 * boundaries, and the sweep of files no row names.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { STORE_KINDS, type TestStore, startTestStore } from '../../test/attachment-stores';
import { pdf, photoWithLocation, png } from '../../test/sample-files';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { multipartBody, type UploadPart } from '../../test/uploads';
import { sweepOrphans } from './sweep';
import { attachmentStoreFor } from './store-for-config';

interface AttachmentJson {
  id: number;
  transaction_id: number;
  file_name: string;
  media_type: string;
  size_bytes: number;
}

describe.each(STORE_KINDS)(`attachments in a %s on ${TEST_DB}`, (kind) => {
  let store: TestStore;
  let t: TestApp;
  let token: string;
  let accountId: number;

  const upload = (transactionId: number, files: UploadPart | UploadPart[], as = token) => {
    const body = multipartBody({}, files);
    return asUser(t.app, as, {
      method: 'POST',
      url: `/api/transactions/${transactionId}/attachments`,
      headers: body.headers,
      payload: body.payload,
    });
  };
  const storedObjects = async () => {
    const keys: string[] = [];
    for await (const object of attachmentStoreFor(t.config).list()) keys.push(object.key);
    return keys.sort();
  };
  const sweepDeps = () => ({
    db: t.database.db,
    dialect: t.database.dialect,
    clock: t.clock,
    store: attachmentStoreFor(t.config),
  });

  beforeAll(async () => {
    store = await startTestStore(kind);
    t = await createTestApp(store.overrides);
    await t.app.attachmentSweep.stop();
    ({ token } = await registerUser(t.app, `attach-${kind}@example.com`));
    accountId = await createAccount(t.app, token);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('attaches a photo without its EXIF location, upright, and serves it as an inert download', async () => {
    const transactionId = await createTransaction(t.app, token, accountId, { amount: 12.5 });
    const photo = await photoWithLocation(64, 32);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(transactionId, {
      name: '../../etc/passwd',
      type: 'text/plain',
      content: photo,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [attachment] = response.json<{ attachments: AttachmentJson[] }>().attachments;
    expect(attachment).toMatchObject({
      transaction_id: transactionId,
      file_name: 'passwd.jpg',
      media_type: 'image/jpeg',
    });

    const file = await asUser(t.app, token, { method: 'GET', url: `/api/attachments/${attachment?.id}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="passwd.jpg"; filename*=UTF-8''passwd.jpg`,
    );
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    // Orientation 6 (turned on its side) was applied: 64×32 became 32×64.
    expect([stored.width, stored.height]).toEqual([32, 64]);
    // The stored name is never a path: nothing was written outside the store.
    expect(existsSync(path.join(store.dataDir, 'etc'))).toBe(false);
  });

  it('takes several files at once, lists them, and makes a thumbnail once', async () => {
    const transactionId = await createTransaction(t.app, token, accountId, {});
    const response = await upload(transactionId, [
      { name: 'receipt.png', type: 'image/png', content: await png(800, 600) },
      { name: 'warranty.pdf', type: 'application/pdf', content: pdf() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const list = await asUser(t.app, token, {
      method: 'GET',
      url: `/api/transactions/${transactionId}/attachments`,
    });
    const attachments = list.json<{ attachments: AttachmentJson[] }>().attachments;
    expect(attachments.map((a) => [a.file_name, a.media_type])).toEqual([
      ['receipt.png', 'image/png'],
      ['warranty.pdf', 'application/pdf'],
    ]);
    const before = (await storedObjects()).length;
    for (const attachment of attachments) {
      const first = await asUser(t.app, token, {
        method: 'GET',
        url: `/api/attachments/${attachment.id}/thumbnail`,
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/jpeg');
      const size = await sharp(first.rawPayload).metadata();
      expect(Math.max(size.width ?? 0, size.height ?? 0)).toBeLessThanOrEqual(320);
      const again = await asUser(t.app, token, {
        method: 'GET',
        url: `/api/attachments/${attachment.id}/thumbnail`,
      });
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    // One thumbnail object stored per attachment, not one per request.
    expect((await storedObjects()).length).toBe(before + 2);
  });

  it('removes an attachment with its file and thumbnail; a second delete or read is 404', async () => {
    const transactionId = await createTransaction(t.app, token, accountId, {});
    const response = await upload(transactionId, { name: 'r.png', type: 'image/png', content: await png() });
    const id = response.json<{ attachments: AttachmentJson[] }>().attachments[0]?.id;
    await asUser(t.app, token, { method: 'GET', url: `/api/attachments/${id}/thumbnail` });
    const objects = await storedObjects();
    expect((await asUser(t.app, token, { method: 'DELETE', url: `/api/attachments/${id}` })).statusCode).toBe(
      204,
    );
    expect((await storedObjects()).length).toBe(objects.length - 2);
    const again = await asUser(t.app, token, { method: 'DELETE', url: `/api/attachments/${id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Attachment not found.' });
    expect((await asUser(t.app, token, { method: 'GET', url: `/api/attachments/${id}` })).statusCode).toBe(
      404,
    );
  });

  it("keeps another book's transactions and attachments out of reach: 404, nothing stored", async () => {
    const transactionId = await createTransaction(t.app, token, accountId, {});
    const mine = await upload(transactionId, { name: 'r.png', type: 'image/png', content: await png() });
    const id = mine.json<{ attachments: AttachmentJson[] }>().attachments[0]?.id;
    const other = await registerUser(t.app, `other-${kind}@example.com`);
    const objects = await storedObjects();
    const theirs = await upload(
      transactionId,
      { name: 'r.png', type: 'image/png', content: await png() },
      other.token,
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Transaction not found.' });
    for (const url of [
      `/api/attachments/${id}`,
      `/api/attachments/${id}/thumbnail`,
      `/api/transactions/${transactionId}/attachments`,
    ]) {
      expect((await asUser(t.app, other.token, { method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(
      (await asUser(t.app, other.token, { method: 'DELETE', url: `/api/attachments/${id}` })).statusCode,
    ).toBe(404);
    expect(await storedObjects()).toEqual(objects);
  });

  it('deleting the transaction leaves its files to the sweep, which removes them after an hour', async () => {
    const transactionId = await createTransaction(t.app, token, accountId, {});
    await upload(transactionId, { name: 'r.png', type: 'image/png', content: await png() });
    const keep = await createTransaction(t.app, token, accountId, {});
    await upload(keep, { name: 'keep.png', type: 'image/png', content: await png() });
    const before = await storedObjects();
    expect(
      (await asUser(t.app, token, { method: 'DELETE', url: `/api/transactions/${transactionId}` }))
        .statusCode,
    ).toBe(204);
    // Within the hour nothing goes: a file may be waiting for its row.
    expect((await sweepOrphans(sweepDeps())).removed).toBe(0);
    t.clock.advanceMinutes(61);
    const swept = await sweepOrphans(sweepDeps());
    expect(swept.removed).toBe(1);
    expect((await storedObjects()).length).toBe(before.length - 1);
    const kept = await asUser(t.app, token, { method: 'GET', url: `/api/transactions/${keep}/attachments` });
    const keptId = kept.json<{ attachments: AttachmentJson[] }>().attachments[0]?.id;
    expect(
      (await asUser(t.app, token, { method: 'GET', url: `/api/attachments/${keptId}` })).statusCode,
    ).toBe(200);
  });

  it('a file written whose row never came (a crash between them) is swept; a row never lacks its file', async () => {
    const orphanStore = attachmentStoreFor(t.config);
    await orphanStore.put('00000000-0000-4000-8000-000000000001', await png(), 'image/png');
    t.clock.advanceMinutes(61);
    await sweepOrphans(sweepDeps());
    expect(await storedObjects()).not.toContain('00000000-0000-4000-8000-000000000001');
    if (kind === 'directory')
      expect(
        readdirSync(path.join(store.dataDir, 'attachments')).some((name) => name.startsWith('.tmp-')),
      ).toBe(false);
  });

  it('deleting the account, and the person, deletes the rows their files are swept by', async () => {
    const person = await registerUser(t.app, `leaving-${kind}@example.com`);
    const account = await createAccount(t.app, person.token);
    const transactionId = await createTransaction(t.app, person.token, account, {});
    await upload(transactionId, { name: 'r.png', type: 'image/png', content: await png() }, person.token);
    const second = await createAccount(t.app, person.token, { name: 'Second' });
    const other = await createTransaction(t.app, person.token, second, {});
    await upload(other, { name: 's.png', type: 'image/png', content: await png() }, person.token);
    const before = (await storedObjects()).length;
    expect(
      (await asUser(t.app, person.token, { method: 'DELETE', url: `/api/accounts/${account}` })).statusCode,
    ).toBe(204);
    t.clock.advanceMinutes(61);
    await sweepOrphans(sweepDeps());
    expect((await storedObjects()).length).toBe(before - 1);
    const rows = await t.database.db
      .selectFrom('attachments')
      .select('id')
      .where('transaction_id', '=', other)
      .execute();
    expect(rows).toHaveLength(1);
    await t.database.db.deleteFrom('users').where('id', '=', person.userId).execute();
    await sweepOrphans(sweepDeps());
    expect((await storedObjects()).length).toBe(before - 2);
  });
});
