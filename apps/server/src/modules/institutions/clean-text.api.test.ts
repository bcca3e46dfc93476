/**
 * Issue 12: a NUL or a lone UTF-16 surrogate was accepted in text (and read back as U+FFFD), and
 * a bank's text with NUL made accounts whose owner's own backup no longer restored. A person's
 * text with either is now refused; a bank's is stored with NUL dropped and surrogates replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ACCOUNTS, FakePlaid, bankLinkTo } from '../../test/fake-plaid';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`NUL and lone surrogates on ${TEST_DB}`, () => {
  let t: TestApp;
  let fake: FakePlaid;
  beforeAll(async () => {
    fake = await FakePlaid.start();
    t = await createTestApp({}, { bankLink: bankLinkTo(fake) });
    t.clock.set('2026-11-20T12:00:00Z');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it.each([
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a NUL', 'a\u0000b'],
  ])('refuses %s in any text a person sends', async (_case, bad) => {
    const { token, userId } = await registerUser(t.app, `text-${bad.charCodeAt(1)}@example.com`);
    const account = await createAccount(t.app, token);
    const answers = await Promise.all([
      asUser(t.app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { first_name: bad } }),
      asUser(t.app, token, { method: 'POST', url: '/api/institutions', payload: { public_token: 'public-sandbox-1', institution_name: bad } }),
      asUser(t.app, token, {
        method: 'POST',
        url: `/api/accounts/${account}/transactions`,
        payload: { type: 'expense', amount: 5, date: '2026-11-10', notes: bad },
      }),
      // A string no text field declares: the password of a sign-in.
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'someone@example.com', password: `Mindful1${bad}` } }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json<{ message: string }>().message).toMatch(/^The (first name|institution name|notes|password) field is invalid\.$/);
    }
  });

  it("stores a bank's text without NUL or lone surrogates, so the owner's backup restores", async () => {
    const { token } = await registerUser(t.app, 'dirty-bank@example.com');
    fake.accounts = FAKE_ACCOUNTS.map((account, index) => (index === 0 ? { ...account, name: 'Check\u0000ing\ud800' } : account));
    fake.pushChanges({
      added: [
        {
          transaction_id: 'dirty-1',
          account_id: 'acc-checking',
          amount: 4.75,
          date: '2026-11-10',
          name: 'CAFE\u0000 \udc00LATTE',
          merchant_name: null,
          pending: false,
        },
      ],
    });
    const linked = await asUser(t.app, token, { method: 'POST', url: '/api/institutions', payload: { public_token: 'public-sandbox-1', institution_name: 'Dirty Bank' } });
    expect(linked.statusCode, linked.body).toBe(201);
    fake.reset();

    const backup = await asUser(t.app, token, { method: 'GET', url: '/api/export/backup.json' });
    expect(backup.statusCode).toBe(200);
    expect(backup.body).not.toMatch(/\\u0000|\\ud[89ab]|\\ud[c-f]/i);
    expect(backup.body).toContain('Checking\ufffd');
    expect(backup.body).toContain('CAFE \ufffdLATTE');

    const other = await registerUser(t.app, 'dirty-bank-restore@example.com');
    const restored = await asUser(t.app, other.token, {
      method: 'POST',
      url: '/api/import-backup',
      payload: backup.body,
      headers: { 'content-type': 'application/json' },
    });
    expect(restored.statusCode, restored.body).toBe(201);
  });
});
