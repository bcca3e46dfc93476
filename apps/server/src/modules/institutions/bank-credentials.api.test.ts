/**
 * Bank credentials under a key of their own (DECISIONS.md #106): sealed under the bank key, the
 * ones sealed under PLAID_SECRET before migration 0047 re-sealed at start-up and still syncing,
 * and PLAID_SECRET rotated without any bank to link again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { TokenCipher } from '../../lib/token-cipher';
import { FakePlaid, TEST_BANK_KEY, bankLinkTo } from '../../test/fake-plaid';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { insertAccount } from '../accounts';
import { BankTokenCipher } from './bank-token-cipher';
import { resealLegacyCredentials } from './credential-reseal';

const silent = { warn: () => undefined };

describe(`bank credentials under the bank key on ${TEST_DB}`, () => {
  let t: TestApp;
  let fake: FakePlaid;

  beforeAll(async () => {
    fake = await FakePlaid.start();
    // The database as it was before 0047: the old link is written in the old shape.
    t = await createTestApp({}, { bankLink: bankLinkTo(fake), migrateUpTo: '0046-push' });
    t.clock.set('2026-11-20T12:00:00Z');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('re-seals a token stored under PLAID_SECRET after migration 0047; it still syncs, and survives a new PLAID_SECRET', async () => {
    const { token, bookId, userId } = await registerUser(t.app, 'old-link@example.com');
    const oldSealed = new TokenCipher('secret-test').encrypt('access-sandbox-old');
    const db = t.database.db;
    const { id } = await db
      .insertInto('linked_institutions')
      // Only the columns 0010–0046 made: the row an older release wrote.
      .values({ book_id: bookId, item_id: 'item-old', access_token_encrypted: oldSealed, name: 'Old Bank', status: 'connected', cursor: null, last_synced_at: null, created_at: '2026-01-01T00:00:00.000Z' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: accountId } = await insertAccount(db, { bookId, name: 'Old Bank Checking', accountTypeId: 1, subtype: null, createdBy: userId, privateTo: null, currency: 'USD', createdAt: '2026-01-01T00:00:00.000Z' });
    await db.insertInto('linked_accounts').values({ book_id: bookId, institution_id: id, provider_account_id: 'acc-checking', account_id: accountId }).execute();

    await migrateToLatest(t.database);
    const cipher = new BankTokenCipher(() => TEST_BANK_KEY, new TokenCipher('secret-test'));
    expect(await resealLegacyCredentials(db, cipher, silent)).toBe(1);
    // A second process starting at the same time finds nothing left to do.
    expect(await resealLegacyCredentials(db, cipher, silent)).toBe(0);
    const row = await db.selectFrom('linked_institutions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.provider).toBe('plaid');
    expect(row.access_token_encrypted).toMatch(/^bank\.v1\./);
    expect(row.access_token_encrypted).not.toContain('access-sandbox-old');

    // PLAID_SECRET rotated: the bank key alone reads the token.
    const rotated = new BankTokenCipher(() => TEST_BANK_KEY, new TokenCipher('a-new-plaid-secret'));
    expect(rotated.decrypt(row.access_token_encrypted)).toBe('access-sandbox-old');
    const noPlaidSecret = new BankTokenCipher(() => TEST_BANK_KEY, null);
    expect(noPlaidSecret.decrypt(row.access_token_encrypted)).toBe('access-sandbox-old');

    fake.pushChanges({ added: [{ transaction_id: 'old-1', account_id: 'acc-checking', amount: 12.5, date: '2026-11-10', name: 'OLD BANK PURCHASE', merchant_name: null, pending: false }] });
    const synced = await asUser(t.app, token, { method: 'POST', url: '/api/transactions/import', payload: {} });
    expect(synced.statusCode).toBe(200);
    expect(synced.json<{ imported: number }>().imported).toBe(1);
    const syncCall = fake.requests.find((request) => request.path === '/transactions/sync');
    expect(syncCall?.body.access_token).toBe('access-sandbox-old');
  });

  it('leaves a token sealed under a PLAID_SECRET already lost as it was (it needed re-linking before)', async () => {
    const { bookId } = await registerUser(t.app, 'lost-secret@example.com');
    const lost = new TokenCipher('a-secret-nobody-has').encrypt('access-sandbox-lost');
    await t.database.db
      .insertInto('linked_institutions')
      .values({ book_id: bookId, item_id: 'item-lost', access_token_encrypted: lost, name: 'Lost Bank', status: 'connected', cursor: null, last_synced_at: null, next_sync_at: null, last_sync_at: null, last_sync_added: null, last_sync_error: null, notices: null, consent_expires_at: null, created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    const warnings: string[] = [];
    const cipher = new BankTokenCipher(() => TEST_BANK_KEY, new TokenCipher('secret-test'));
    expect(await resealLegacyCredentials(t.database.db, cipher, { warn: (_details: unknown, message?: string) => void warnings.push(String(message)) })).toBe(0);
    expect(warnings[0]).toMatch(/cannot be read/);
    const row = await t.database.db.selectFrom('linked_institutions').select('access_token_encrypted').where('item_id', '=', 'item-lost').executeTakeFirstOrThrow();
    expect(row.access_token_encrypted).toBe(lost);
  });

  it('seals a new link under the bank key, not under PLAID_SECRET', async () => {
    const { token } = await registerUser(t.app, 'new-link@example.com');
    const linked = await asUser(t.app, token, { method: 'POST', url: '/api/institutions', payload: { public_token: 'public-sandbox-1', institution_name: 'New Bank' } });
    expect(linked.statusCode).toBe(201);
    const row = await t.database.db.selectFrom('linked_institutions').selectAll().where('id', '=', linked.json<{ id: number }>().id).executeTakeFirstOrThrow();
    expect(row.access_token_encrypted).toMatch(/^bank\.v1\./);
    expect(() => new TokenCipher('secret-test').decrypt(row.access_token_encrypted)).toThrow();
    expect(new BankTokenCipher(() => TEST_BANK_KEY, null).decrypt(row.access_token_encrypted)).toMatch(/^access-sandbox/);
  });
});
