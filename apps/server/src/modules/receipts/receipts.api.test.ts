/**
 * Receipts read on this server (issue 33; docs/DECISIONS.md #108) on SQLite and PostgreSQL: a photo
 * answered at once with the prefilled purchase and the recorded purchases it may be, a slower read
 * answered 202 and asked for again, the read kept to its book and person, and bad photos refused
 * with a message and nothing written. One app (one OCR worker) serves the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_RECEIPTS, receiptPhoto } from '../../../../../scripts/support/receipt-image';
import { createAccount, createEntity, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { multipartBody } from '../../test/uploads';

const grocery = SAMPLE_RECEIPTS[0]!; // CORNER GROCERY CO, 03/14/2026, TOTAL 11.59

describe(`receipts on ${TEST_DB}`, () => {
  let t: TestApp;
  let photo: Buffer;

  beforeAll(async () => {
    // Waiting long enough that the answer is always the read itself: the 202 rule has its own test.
    t = await createTestApp({}, { receiptWaitMs: 30_000 });
    photo = await receiptPhoto(grocery.lines, { format: 'jpeg' });
  });
  afterAll(() => t.close());

  const send = (token: string, content: Buffer, name = 'receipt.jpg', type = 'image/jpeg', headers: Record<string, string> = {}) => {
    const body = multipartBody({}, { name, type, content });
    return asUser(t.app, token, { method: 'POST', url: '/api/receipts', payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const readsStored = async () => (await t.database.db.selectFrom('receipt_reads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  it('reads the photo at once: the total in cents, the day and the merchant, and the purchases it may be, best first', async () => {
    const { token } = await registerUser(t.app, 'receipt-reader@example.com');
    const accountId = await createAccount(t.app, token, { name: 'Card', most_recent_balance: { current_balance: 500, date: '2026-01-01' } });
    const corner = await createEntity(t.app, token, accountId, 'Corner Grocery');
    const other = await createEntity(t.app, token, accountId, 'Fuel Stop');
    const posted = await createTransaction(t.app, token, accountId, { amount: 11.59, date: '2026-03-16', entity_id: corner });
    const samePrice = await createTransaction(t.app, token, accountId, { amount: 11.6, date: '2026-03-14', entity_id: other });
    await createTransaction(t.app, token, accountId, { amount: 11.59, date: '2026-03-20', entity_id: corner }); // 6 days later
    await createTransaction(t.app, token, accountId, { amount: 12.5, date: '2026-03-14', entity_id: corner }); // 8 % more

    const answer = await send(token, photo);
    expect(answer.statusCode).toBe(200);
    const read = answer.json();
    expect(read).toMatchObject({
      status: 'done',
      error: null,
      transaction: { amount_cents: 1159, date: '2026-03-14', date_candidates: ['2026-03-14'], merchant: 'Corner Grocery Co' },
    });
    expect(read.matches.map((match: { transaction_id: number }) => match.transaction_id)).toEqual([posted, samePrice]);
    expect(read.matches[0]).toEqual({ transaction_id: posted, account_id: accountId, payee: 'Corner Grocery', amount_cents: 1159, date: '2026-03-16', payee_similarity: expect.any(Number) });

    const again = await asUser(t.app, token, { method: 'GET', url: `/api/receipts/${read.id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(read);
  });

  it('answers 202 with the id when the read takes longer than the wait, and the read is there once done', async () => {
    const slow = await createTestApp({}, { receiptWaitMs: 0 });
    try {
      const { token } = await registerUser(slow.app, 'receipt-slow@example.com');
      const body = multipartBody({}, { name: 'r.png', type: 'image/png', content: await receiptPhoto(SAMPLE_RECEIPTS[2]!.lines) });
      const answer = await asUser(slow.app, token, { method: 'POST', url: '/api/receipts', payload: body.payload, headers: body.headers });
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ id: expect.any(Number), status: 'reading', transaction: null, matches: [], error: null });
      let read = answer.json();
      for (let tries = 0; read.status === 'reading' && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        read = (await asUser(slow.app, token, { method: 'GET', url: `/api/receipts/${read.id}` })).json();
      }
      expect(read).toMatchObject({ status: 'done', transaction: { amount_cents: 2268, date: '2026-07-21', merchant: 'Blue Door Cafe' }, matches: [] });
    } finally {
      await slow.close();
    }
  });

  it("keeps a read to its book and person: another book's or another person's id is not found", async () => {
    const { token } = await registerUser(t.app, 'receipt-owner@example.com');
    const read = (await send(token, photo)).json();
    const stranger = await registerUser(t.app, 'receipt-stranger@example.com');
    expect((await asUser(t.app, stranger.token, { method: 'GET', url: `/api/receipts/${read.id}` })).statusCode).toBe(404);
    const book = (await asUser(t.app, token, { method: 'POST', url: '/api/books', payload: { name: 'Household' } })).json();
    const inOtherBook = await asUser(t.app, token, { method: 'GET', url: `/api/receipts/${read.id}`, headers: { 'mindspend-book': String(book.id) } });
    expect(inOtherBook.statusCode).toBe(404);
    expect(inOtherBook.json()).toEqual({ message: 'Receipt not found.' });
  });

  it('says so when the receipt names no total: no amount and no matches, never a guess', async () => {
    const { token } = await registerUser(t.app, 'receipt-no-total@example.com');
    const answer = await send(token, await receiptPhoto(['BLUE DOOR CAFE', '03/04/2026', 'Soup 7.50', 'Tea 2.95'], { format: 'png' }), 'r.png', 'image/png');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ transaction: { amount_cents: null, date: null, date_candidates: ['2026-03-04', '2026-04-03'], merchant: 'Blue Door Cafe' }, matches: [] });
  });

  describe('bad photos are refused with a message, and nothing is written', () => {
    let token: string;
    let before: number;
    beforeAll(async () => {
      token = (await registerUser(t.app, 'receipt-bad@example.com')).token;
      before = await readsStored();
    });
    afterAll(async () => expect(await readsStored()).toBe(before));

    it('refuses a request without a photo, and an empty one', async () => {
      const json = await asUser(t.app, token, { method: 'POST', url: '/api/receipts', payload: { file: 'x' } });
      expect(json.statusCode).toBe(422);
      expect(json.json().errors).toEqual({ file: ['Choose a photo of the receipt to read.'] });
      const noFile = multipartBody({}, { name: 'r.jpg', type: 'image/jpeg', content: photo, field: 'photo' });
      expect((await asUser(t.app, token, { method: 'POST', url: '/api/receipts', payload: noFile.payload, headers: noFile.headers })).statusCode).toBe(422);
      const empty = await send(token, Buffer.alloc(0));
      expect(empty.statusCode).toBe(422);
      expect(empty.json().message).toBe('The photo is empty: choose the picture of the receipt again.');
    });

    it('decides the type from the bytes: a page, an SVG or a program named .jpg is not a photo', async () => {
      for (const content of ['<html><script>alert(1)</script></html>', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'MZ\x90\x00\x03\x00\x00\x00']) {
        const answer = await send(token, Buffer.from(content));
        expect(answer.statusCode).toBe(422);
        expect(answer.json().message).toMatch(/not a photo Mindspend can read/);
      }
    });

    it('refuses a photo cut short', async () => {
      const answer = await send(token, photo.subarray(0, Math.floor(photo.length / 2)));
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toBe('This picture is damaged or cut short: take the photo again.');
    });

    it('refuses a form cut short, a photo over the limit and a body that claims 10 GB', async () => {
      const body = multipartBody({}, { name: 'r.jpg', type: 'image/jpeg', content: photo });
      const truncated = await asUser(t.app, token, { method: 'POST', url: '/api/receipts', payload: body.payload.subarray(0, body.payload.length - 200), headers: body.headers });
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json().message).toMatch(/cut short/);

      const huge = await send(token, Buffer.concat([photo, Buffer.alloc(13 * 1024 * 1024)]));
      expect(huge.statusCode).toBe(413);

      const claims = await asUser(t.app, token, { method: 'POST', url: '/api/receipts', payload: body.payload, headers: { ...body.headers, 'content-length': String(10 * 1024 ** 3) } });
      expect(claims.statusCode).toBe(413);
      expect(claims.json().message).toMatch(/larger than 12 MB/);
    });
  });
});
