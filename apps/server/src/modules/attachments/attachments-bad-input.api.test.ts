/**
 * Bad uploads (issue 33; DECISIONS.md #107): each is a 4xx with a sentence, and nothing is stored
 * — no row and no file. The directory store is used: what reaches a store is the same for both.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { type TestStore, startTestStore } from '../../test/attachment-stores';
import { EXECUTABLE, HTML_PAGE, SVG_WITH_SCRIPT, pdf, png } from '../../test/sample-files';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { multipartBody, type UploadPart } from '../../test/uploads';
import { attachmentStoreFor } from './store-for-config';

describe(`bad attachment uploads on ${TEST_DB}`, () => {
  let store: TestStore;
  let t: TestApp;
  let token: string;
  let transactionId: number;

  const upload = (files: UploadPart | UploadPart[]) => {
    const body = multipartBody({}, files);
    return asUser(t.app, token, {
      method: 'POST',
      url: `/api/transactions/${transactionId}/attachments`,
      headers: body.headers,
      payload: body.payload,
    });
  };
  const nothingStored = async () => {
    const rows = await t.database.db.selectFrom('attachments').select('id').execute();
    expect(rows).toEqual([]);
    const objects: string[] = [];
    for await (const object of attachmentStoreFor(t.config).list()) objects.push(object.key);
    expect(objects).toEqual([]);
  };

  beforeAll(async () => {
    store = await startTestStore('directory');
    t = await createTestApp({ ...store.overrides, ATTACHMENT_MAX_MB: '1' });
    await t.app.attachmentSweep.stop();
    ({ token } = await registerUser(t.app, 'bad-attachments@example.com'));
    transactionId = await createTransaction(t.app, token, await createAccount(t.app, token), {});
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const compressedScript = Buffer.concat([
    Buffer.from(
      '%PDF-1.5\n4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>\nstream\n',
      'latin1',
    ),
    deflateSync(Buffer.from('5 0 << /S /JavaScript /JS (app.alert(1)) >>')),
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
    pdf(),
  ]);

  it.each([
    [
      'a renamed executable',
      { name: 'receipt.jpg', type: 'image/jpeg', content: EXECUTABLE },
      'Only photos (JPEG, PNG, WebP) and PDF documents can be attached',
    ],
    [
      'an SVG with a script',
      { name: 'receipt.svg', type: 'image/svg+xml', content: SVG_WITH_SCRIPT },
      'Only photos',
    ],
    [
      'an HTML page called a PNG',
      { name: 'receipt.png', type: 'image/png', content: HTML_PAGE },
      'Only photos',
    ],
    [
      'a zip archive',
      {
        name: 'r.pdf',
        type: 'application/pdf',
        content: Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00rest-of-a-zip', 'latin1'),
      },
      'Only photos',
    ],
    [
      'a PDF with JavaScript',
      {
        name: 'r.pdf',
        type: 'application/pdf',
        content: pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >> '),
      },
      'This PDF contains JavaScript',
    ],
    [
      'a PDF with an escaped /J#61vaScript name',
      { name: 'r.pdf', type: 'application/pdf', content: pdf('/OpenAction << /S /J#61vaScript /JS (x) >> ') },
      'This PDF contains JavaScript',
    ],
    [
      'a PDF with JavaScript in a compressed stream',
      { name: 'r.pdf', type: 'application/pdf', content: compressedScript },
      'This PDF contains JavaScript',
    ],
    ['an empty file', { name: 'r.png', type: 'image/png', content: Buffer.alloc(0) }, 'The file is empty.'],
  ] as const)('refuses %s with 422 and stores nothing', async (_what, file, message) => {
    const response = await upload({ ...file });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ message: string }>().message).toContain(message);
    await nothingStored();
  });

  it('refuses a damaged image', async () => {
    const whole = await png(200, 200);
    const response = await upload({
      name: 'r.png',
      type: 'image/png',
      content: whole.subarray(0, whole.length - 40),
    });
    expect(response.statusCode, response.body).toBe(422);
    await nothingStored();
  });

  it('refuses the whole upload when one of its files is bad', async () => {
    const response = await upload([
      { name: 'good.png', type: 'image/png', content: await png() },
      { name: 'bad.exe', type: 'image/png', content: EXECUTABLE },
    ]);
    expect(response.statusCode).toBe(422);
    await nothingStored();
  });

  it('refuses a 10 GB Content-Length with 413 at once, reading nothing', async () => {
    const body = multipartBody({}, { name: 'r.png', type: 'image/png', content: await png() });
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: `/api/transactions/${transactionId}/attachments`,
      headers: { ...body.headers, 'content-length': String(10 * 1024 ** 3) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'A file may be at most 1 MB; nothing was attached.' });
    await nothingStored();
  });

  it('refuses a file over ATTACHMENT_MAX_MB with 413', async () => {
    const response = await upload({
      name: 'big.pdf',
      type: 'application/pdf',
      content: Buffer.concat([pdf(), Buffer.alloc(1024 * 1024 + 1, 0x20)]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe(
      'A file may be at most 1 MB; nothing was attached.',
    );
    await nothingStored();
  });

  it('refuses a multipart body cut short with 400', async () => {
    const body = multipartBody({}, { name: 'r.png', type: 'image/png', content: await png(100, 100) });
    const cut = body.payload.subarray(0, body.payload.length - 60);
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: `/api/transactions/${transactionId}/attachments`,
      headers: body.headers,
      payload: cut,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message: 'The upload was cut off before its end; nothing was attached. Please try again.',
    });
    await nothingStored();
  });

  it('asks for a file when none is sent, and refuses a JSON body', async () => {
    const none = await asUser(t.app, token, {
      method: 'POST',
      url: `/api/transactions/${transactionId}/attachments`,
      ...multipartBody({ note: 'x' }),
    });
    expect(none.statusCode).toBeGreaterThanOrEqual(400);
    expect(none.statusCode).toBeLessThan(500);
    const json = await asUser(t.app, token, {
      method: 'POST',
      url: `/api/transactions/${transactionId}/attachments`,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({ message: 'Choose a file to attach: a photo (JPEG, PNG, WebP) or a PDF.' });
    await nothingStored();
  });

  it('answers 404 for an unknown transaction and 422 for an id that is not one', async () => {
    const body = multipartBody({}, { name: 'r.png', type: 'image/png', content: await png() });
    const unknown = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/transactions/999999/attachments',
      headers: body.headers,
      payload: body.payload,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await asUser(t.app, token, { method: 'GET', url: '/api/attachments/abc' });
    expect(bad.statusCode).toBe(422);
    await nothingStored();
  });
});
