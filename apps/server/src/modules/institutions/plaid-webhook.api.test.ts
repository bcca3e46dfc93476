/**
 * Plaid webhooks (DECISIONS.md #112): a signed SYNC_UPDATES_AVAILABLE brings the item's new rows
 * once, however often it is sent; a forged signature, a body not the one signed, an old signature
 * or another algorithm is a 401 and syncs nothing; an item no link has is a 200 and nothing;
 * ITEM_LOGIN_REQUIRED marks the link "re-link needed", PENDING_EXPIRATION leaves a notice.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakePlaid, type WebhookSigningOptions, bankLinkTo } from '../../test/fake-plaid';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

const NOW = '2026-11-20T12:00:00Z';
const NOW_SECONDS = Date.parse(NOW) / 1000;

interface InstitutionAnswer {
  id: number;
  status: string;
  notices: string[];
  last_sync: { added: number | null; error: string | null } | null;
}

describe(`Plaid webhooks on ${TEST_DB}`, () => {
  let t: TestApp;
  let fake: FakePlaid;
  let token: string;
  let bookId: number;
  let itemId: string;

  beforeAll(async () => {
    fake = await FakePlaid.start();
    t = await createTestApp({}, { bankLink: bankLinkTo(fake) });
    t.clock.set(NOW);
    ({ token, bookId } = await registerUser(t.app, 'plaid-webhooks@example.com'));
    const linked = await asUser(t.app, token, { method: 'POST', url: '/api/institutions', payload: { public_token: 'public-sandbox-1', institution_name: 'Chase' } });
    expect(linked.statusCode).toBe(201);
    const row = await t.database.db.selectFrom('linked_institutions').select('item_id').where('book_id', '=', bookId).executeTakeFirstOrThrow();
    itemId = row.item_id;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const send = (payload: object, signing: WebhookSigningOptions = {}, tamper?: (body: string) => string) => {
    const body = JSON.stringify(payload);
    const header = fake.signWebhook(body, { iat: NOW_SECONDS - 10, ...signing });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/plaid',
      headers: { 'content-type': 'application/json', 'plaid-verification': header },
      payload: tamper ? tamper(body) : body,
    });
  };
  const syncUpdates = (item = itemId) => ({ webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id: item, initial_update_complete: true, historical_update_complete: true, environment: 'sandbox' });
  const plaidRows = () =>
    t.database.db.selectFrom('transactions').select(['import_key', 'amount_cents', 'type']).where('book_id', '=', bookId).where('import_key', 'like', 'plaid:%').orderBy('import_key').execute();
  const syncCalls = () => fake.paths().filter((path) => path === '/transactions/sync').length;
  const institution = async () =>
    (await asUser(t.app, token, { method: 'GET', url: '/api/institutions' })).json<{ institutions: InstitutionAnswer[] }>().institutions[0];

  it('syncs the item on a signed SYNC_UPDATES_AVAILABLE, and brings its new row once when sent twice', async () => {
    fake.pushChanges({ added: [{ transaction_id: 'wh-1', account_id: 'acc-checking', amount: 12.34, date: '2026-11-19', name: 'CORNER SHOP', merchant_name: 'Corner Shop', pending: false }] });
    const first = await send(syncUpdates());
    expect(first.statusCode).toBe(200);
    expect(await plaidRows()).toEqual([{ import_key: 'plaid:wh-1', amount_cents: 1234, type: 'expense' }]);
    const second = await send(syncUpdates());
    expect(second.statusCode).toBe(200);
    expect(await plaidRows()).toHaveLength(1);
    expect(syncCalls()).toBe(2);
    // The result is kept with the link, as a scheduled sync's is.
    expect((await institution())?.last_sync).toMatchObject({ added: 0, error: null });
    // The key was asked of Plaid once and kept for the second.
    expect(fake.paths().filter((path) => path === '/webhook_verification_key/get')).toHaveLength(1);
  });

  it.each([
    ['a signature by another key', { key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey }, undefined],
    ['a body other than the one signed', {}, (body: string) => body.replace('SYNC_UPDATES_AVAILABLE', 'SYNC_UPDATES_AVAILABLE ')],
    ['a claimed body hash that is wrong', { bodySha256: '00'.repeat(32) }, undefined],
    ['a signature older than 5 minutes', { iat: NOW_SECONDS - 301 }, undefined],
    ['another algorithm', { alg: 'HS256' }, undefined],
    ['a key Plaid does not know', { kid: 'made-up-kid' }, undefined],
  ] as const)('refuses %s with 401 and syncs nothing', async (_what, signing, tamper) => {
    fake.pushChanges({ added: [{ transaction_id: 'forged-1', account_id: 'acc-checking', amount: 99, date: '2026-11-19', name: 'FORGED', merchant_name: null, pending: false }] });
    const response = await send(syncUpdates(), signing, tamper);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'This webhook could not be verified as coming from Plaid.' });
    expect(syncCalls()).toBe(0);
    expect((await plaidRows()).map((row) => row.import_key)).not.toContain('plaid:forged-1');
  });

  it('refuses a call without the header, and one with a header that is not a JWT', async () => {
    const body = JSON.stringify(syncUpdates());
    for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'application/json', 'plaid-verification': 'not.a-jwt' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/webhooks/plaid', headers, payload: body });
      expect(response.statusCode).toBe(401);
    }
    expect(syncCalls()).toBe(0);
  });

  it('answers bad input with a 4xx and never a 5xx: too big, another type, a signed body not JSON or of another shape', async () => {
    const huge = await t.app.inject({ method: 'POST', url: '/api/webhooks/plaid', headers: { 'content-type': 'application/json' }, payload: `{"a":"${'x'.repeat(70_000)}"}` });
    expect(huge.statusCode).toBe(413);
    // Another content type is read as text, and no signature covers it.
    const text = await t.app.inject({ method: 'POST', url: '/api/webhooks/plaid', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(401);
    // Signed by Plaid but unreadable, or of a shape not read here: nothing to do, and nothing for Plaid to retry.
    for (const body of ['{"webhook_type": ', '[1,2,3]', JSON.stringify({ webhook_type: 'TRANSACTIONS', webhook_code: 7 })]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/plaid',
        headers: { 'content-type': 'application/json', 'plaid-verification': fake.signWebhook(body, { iat: NOW_SECONDS }) },
        payload: body,
      });
      expect(response.statusCode, body).toBe(200);
      expect(response.json()).toEqual({ message: 'Ignored.' });
    }
    expect(syncCalls()).toBe(0);
  });

  it('answers 200 and does nothing for an item no link has', async () => {
    const response = await send(syncUpdates('item-nobody-has'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Ignored.' });
    expect(syncCalls()).toBe(0);
  });

  it('leaves a notice on PENDING_EXPIRATION, once however often it is sent', async () => {
    const webhook = { webhook_type: 'ITEM', webhook_code: 'PENDING_EXPIRATION', item_id: itemId, consent_expiration_time: '2026-11-27T00:00:00Z' };
    expect((await send(webhook)).statusCode).toBe(200);
    expect((await send(webhook)).statusCode).toBe(200);
    const answer = await institution();
    expect(answer?.status).toBe('connected');
    expect(answer?.notices).toEqual(["Your bank's consent for Mindspend ends on 2026-11-27: sign in again to keep importing."]);
  });

  it('marks the link "re-link needed" on ITEM_LOGIN_REQUIRED, and the schedule leaves it alone', async () => {
    const response = await send({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: itemId, error: { error_code: 'ITEM_LOGIN_REQUIRED', error_type: 'ITEM_ERROR' } });
    expect(response.statusCode).toBe(200);
    const answer = await institution();
    expect(answer?.status).toBe('relink_required');
    expect(answer?.notices).toContain('Re-link needed: the bank asks you to sign in again (Plaid says the login is no longer valid).');
    // A sync announced now is not run against an item that needs a sign-in.
    expect((await send(syncUpdates())).statusCode).toBe(200);
    expect(syncCalls()).toBe(0);
  });
});

describe.runIf(TEST_DB === 'postgres')('one webhook delivered to two processes at once', () => {
  it('syncs the item one process after the other, and imports its row once', async () => {
    const fake = await FakePlaid.start();
    const first = await createTestApp({}, { bankLink: bankLinkTo(fake) });
    const second = await createTestApp({}, { bankLink: bankLinkTo(fake), shareDatabaseWith: first });
    try {
      first.clock.set(NOW);
      second.clock.set(NOW);
      const { token, bookId } = await registerUser(first.app, 'plaid-webhook-race@example.com');
      expect((await asUser(first.app, token, { method: 'POST', url: '/api/institutions', payload: { public_token: 'public-sandbox-2' } })).statusCode).toBe(201);
      const { item_id: item } = await first.database.db.selectFrom('linked_institutions').select('item_id').where('book_id', '=', bookId).executeTakeFirstOrThrow();
      fake.reset();
      fake.pushChanges({ added: [{ transaction_id: 'race-1', account_id: 'acc-checking', amount: 5, date: '2026-11-19', name: 'RACE', merchant_name: null, pending: false }] });
      const body = JSON.stringify({ webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id: item });
      const deliver = (t: TestApp) =>
        t.app.inject({ method: 'POST', url: '/api/webhooks/plaid', headers: { 'content-type': 'application/json', 'plaid-verification': fake.signWebhook(body, { iat: NOW_SECONDS }) }, payload: body });
      const answers = await Promise.all([deliver(first), deliver(second)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const rows = await first.database.db.selectFrom('transactions').select('import_key').where('book_id', '=', bookId).where('import_key', '=', 'plaid:race-1').execute();
      expect(rows).toHaveLength(1);
      // Under the link's lease the syncs never overlap: each one after the first starts from the cursor the one before saved.
      const cursors = fake.requests.filter((request) => request.path === '/transactions/sync').map((request) => request.body.cursor ?? null);
      expect(cursors.length).toBeGreaterThanOrEqual(2);
      expect(cursors.filter((cursor) => cursor === '0')).toHaveLength(1);
    } finally {
      await second.close();
      await first.close();
      await fake.close();
    }
  });
});

describe(`Plaid webhooks with a retired key on ${TEST_DB}`, () => {
  it('refuses a webhook signed with a key Plaid answers as expired', async () => {
    const fake = await FakePlaid.start();
    const t = await createTestApp({}, { bankLink: bankLinkTo(fake) });
    try {
      fake.webhookKeyExpiredAt = 1_700_000_500;
      const body = JSON.stringify({ webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id: 'item-x' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/plaid',
        headers: { 'content-type': 'application/json', 'plaid-verification': fake.signWebhook(body, { iat: Math.floor(t.clock.now().getTime() / 1000) }) },
        payload: body,
      });
      expect(response.statusCode).toBe(401);
      expect(fake.paths()).toEqual(['/webhook_verification_key/get']);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
