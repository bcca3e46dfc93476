import { MESSAGES } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_OWNED_TABLES, USER_OWNED_TABLES } from '../../db/schema';
import { type ErrorBody, login, paidRegistration, register, requestResetToken } from '../../test/fixtures';
import { createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

interface UserBody {
  user: { id: number; email: string; first_name: string | null; last_name: string | null; timezone: number };
}

describe(`users API on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const SIGNED_IN_ROUTES = [
    { method: 'GET', url: '/api/user' },
    { method: 'GET', url: '/api/month' },
    { method: 'GET', url: '/api/notifications' },
    { method: 'GET', url: '/api/subscription' },
    { method: 'POST', url: '/api/subscription', payload: {} },
    { method: 'DELETE', url: '/api/subscription' },
    { method: 'GET', url: '/api/institutions' },
    { method: 'PATCH', url: '/api/users/1', payload: { first_name: 'Eve' } },
    { method: 'DELETE', url: '/api/users/1' },
    {
      method: 'POST',
      url: '/api/users/change-password',
      payload: { current_password: 'x', new_password: 'Secret999', new_password_confirmation: 'Secret999' },
    },
  ] as const;

  it.each(SIGNED_IN_ROUTES)('answers 401 Unauthenticated. to $method $url without a token', async (route) => {
    await registerUser(t.app, `victim-${route.method}-${route.url.replace(/\W/g, '')}@example.com`);
    const response = await t.app.inject(route);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('shows the signed-in user without secrets', async () => {
    const { token, userId } = await registerUser(t.app, 'me@example.com');
    const response = await asUser(t.app, token, { method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: userId, email: 'me@example.com', plan: 'free', is_paid: false });
    // `has_password` says whether a password is set (DECISIONS.md #81), never anything of it.
    expect(response.json().user).toMatchObject({ has_password: true });
    expect(response.body.replace('"has_password":true', '')).not.toMatch(/password|argon/i);
  });

  describe('PATCH /users/{id}', () => {
    it('edits the own names, e-mail and timezone', async () => {
      const { token, userId } = await registerUser(t.app, 'edit@example.com');
      const response = await asUser(t.app, token, {
        method: 'PATCH',
        url: `/api/users/${userId}`,
        payload: { first_name: ' Ada ', last_name: 'Byron', email: 'Edited@Example.com', timezone: -5, current_password: STRONG_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<UserBody>().user).toMatchObject({ first_name: 'Ada', last_name: 'Byron', email: 'edited@example.com', timezone: -5 });
      expect((await login(t.app, 'edited@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
      expect((await login(t.app, 'edit@example.com', STRONG_PASSWORD)).statusCode).toBe(401);
    });

    it('refuses an invalid or taken e-mail', async () => {
      await registerUser(t.app, 'occupied@example.com');
      const { token, userId } = await registerUser(t.app, 'mover@example.com');
      const invalid = await asUser(t.app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { email: 'nope' } });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json<ErrorBody>().errors).toEqual({ email: [MESSAGES.emailInvalid] });
      const taken = await asUser(t.app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { email: 'OCCUPIED@example.com', current_password: STRONG_PASSWORD } });
      expect(taken.statusCode).toBe(422);
      expect(taken.json<ErrorBody>().errors).toEqual({ email: [MESSAGES.emailTaken] });
      const own = await asUser(t.app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { email: 'mover@example.com' } });
      expect(own.statusCode).toBe(200);
    });

    it("never lets user B read, change or delete user A's record: 404 and A unchanged", async () => {
      const a = await registerUser(t.app, 'alice@example.com');
      const b = await registerUser(t.app, 'bob@example.com');

      const patch = await asUser(t.app, b.token, {
        method: 'PATCH',
        url: `/api/users/${a.userId}`,
        payload: { email: 'stolen@example.com', first_name: 'Mallory' },
      });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toEqual({ message: 'User not found.' });
      expect(patch.body).not.toContain('alice');

      const del = await asUser(t.app, b.token, { method: 'DELETE', url: `/api/users/${a.userId}`, payload: { current_password: STRONG_PASSWORD } });
      expect(del.statusCode).toBe(404);
      // Another user's id answers exactly like an id nobody has.
      const unknown = await asUser(t.app, b.token, { method: 'DELETE', url: '/api/users/999999' });
      expect(unknown.body).toBe(del.body);

      const alice = await asUser(t.app, a.token, { method: 'GET', url: '/api/user' });
      expect(alice.json<UserBody>().user).toMatchObject({ id: a.userId, email: 'alice@example.com', first_name: null });
      expect((await login(t.app, 'alice@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
      // B's own token reads B, never A.
      expect((await asUser(t.app, b.token, { method: 'GET', url: '/api/user' })).json<UserBody>().user.id).toBe(b.userId);
    });
  });

  describe('POST /users/change-password', () => {
    const url = '/api/users/change-password';

    it.each([
      [{}],
      [{ current_password: STRONG_PASSWORD }],
      [{ current_password: STRONG_PASSWORD, new_password: 'Secret999' }],
      [{ current_password: '', new_password: 'Secret999', new_password_confirmation: 'Secret999' }],
    ])('answers "All fields are required." to %j', async (payload) => {
      const { token } = await registerUser(t.app, `cp-required-${Object.keys(payload).length}-${Math.random()}@example.com`);
      const response = await asUser(t.app, token, { method: 'POST', url, payload });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'All fields are required.', errors: { password: ['All fields are required.'] } });
    });

    it('refuses a confirmation that differs', async () => {
      const { token } = await registerUser(t.app, 'cp-mismatch@example.com');
      const response = await asUser(t.app, token, {
        method: 'POST',
        url,
        payload: { current_password: STRONG_PASSWORD, new_password: 'Secret999', new_password_confirmation: 'Secret998' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ new_password_confirmation: ['New password and confirmation do not match.'] });
    });

    it('applies the password rule to the new password', async () => {
      const { token } = await registerUser(t.app, 'cp-weak@example.com');
      const response = await asUser(t.app, token, {
        method: 'POST',
        url,
        payload: { current_password: STRONG_PASSWORD, new_password: 'short7c', new_password_confirmation: 'short7c' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ new_password: [MESSAGES.passwordRule] });
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const { token } = await registerUser(t.app, 'cp-wrong@example.com');
      const response = await asUser(t.app, token, {
        method: 'POST',
        url,
        payload: { current_password: 'Wrong1234', new_password: 'Secret999', new_password_confirmation: 'Secret999' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ current_password: [MESSAGES.currentPasswordWrong] });
      expect((await login(t.app, 'cp-wrong@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('changes the password, keeps this session, signs out the others', async () => {
      const email = 'cp-ok@example.com';
      const { token } = await registerUser(t.app, email);
      const other = (await login(t.app, email, STRONG_PASSWORD)).json<{ api_token: string }>().api_token;
      const response = await asUser(t.app, token, {
        method: 'POST',
        url,
        payload: { current_password: STRONG_PASSWORD, new_password: 'Secret999', new_password_confirmation: 'Secret999' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Password updated successfully!' });
      expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
      expect((await asUser(t.app, other, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
      expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(401);
      expect((await login(t.app, email, 'Secret999')).statusCode).toBe(200);
    });

    it('revokes the personal access tokens too when asked, and keeps them otherwise', async () => {
      const email = 'cp-tokens@example.com';
      const { token } = await registerUser(t.app, email);
      let currentPassword = STRONG_PASSWORD;
      const createToken = async (name: string) =>
        (
          await asUser(t.app, token, { method: 'POST', url: '/api/user/tokens', payload: { name, scope: 'read', current_password: currentPassword } })
        ).json<{ token: string }>().token;
      const change = (next: string, revoke?: boolean) =>
        asUser(t.app, token, {
          method: 'POST',
          url,
          payload: { current_password: currentPassword, new_password: next, new_password_confirmation: next, ...(revoke !== undefined && { revoke_personal_tokens: revoke }) },
        });
      const script = await createToken('Kept script');
      expect((await change('Secret999')).statusCode).toBe(200);
      currentPassword = 'Secret999';
      expect((await asUser(t.app, script, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);

      expect((await change('Secret888', true)).statusCode).toBe(200);
      currentPassword = 'Secret888';
      expect((await asUser(t.app, script, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
      expect((await asUser(t.app, token, { method: 'GET', url: '/api/user/tokens' })).json<{ tokens: unknown[] }>().tokens).toEqual([]);
      // The session that changed it stays signed in.
      expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    });

    it('refuses a revoke choice that is not true or false, changing nothing', async () => {
      const email = 'cp-revoke-type@example.com';
      const { token } = await registerUser(t.app, email);
      const response = await asUser(t.app, token, {
        method: 'POST',
        url,
        payload: { current_password: STRONG_PASSWORD, new_password: 'Secret999', new_password_confirmation: 'Secret999', revoke_personal_tokens: 'yes' },
      });
      expect(response.statusCode).toBe(422);
      expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('GET /month', () => {
    async function monthFor(timezone: number) {
      const email = `tz${timezone}-${Math.random().toString(36).slice(2)}@example.com`;
      const response = await register(t.app, {
        email,
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
        timezone,
      });
      const token = response.json<{ api_token: string }>().api_token;
      return async () => (await asUser(t.app, token, { method: 'GET', url: '/api/month' })).json();
    }

    it("answers today's date in the user's timezone, across midnight UTC", async () => {
      const farEast = await monthFor(14);
      const farWest = await monthFor(-12);
      const utc = await monthFor(0);

      // Move the clock to 23:30 UTC on the last day of a month.
      const now = t.clock.now();
      const target = Date.UTC(now.getUTCFullYear() + 1, 0, 31, 23, 30);
      t.clock.advanceMinutes((target - now.getTime()) / 60_000);
      const year = now.getUTCFullYear() + 1;

      expect(await utc()).toEqual({ date: `${year}-01-31`, year, month: 1, day: 31 });
      expect(await farEast()).toEqual({ date: `${year}-02-01`, year, month: 2, day: 1 });
      expect(await farWest()).toEqual({ date: `${year}-01-31`, year, month: 1, day: 31 });

      t.clock.advanceMinutes(60); // 00:30 UTC on February 1st
      expect((await utc()).date).toBe(`${year}-02-01`);
      expect((await farWest()).date).toBe(`${year}-01-31`);
      t.clock.advanceMinutes(12 * 60); // 12:30 UTC: the far west reaches February 1st too
      expect((await farWest()).date).toBe(`${year}-02-01`);
    });

    it('follows a timezone changed in settings', async () => {
      const { token, userId } = await registerUser(t.app, 'traveller@example.com');
      const now = t.clock.now();
      t.clock.advanceMinutes((Date.UTC(now.getUTCFullYear() + 1, 5, 15, 22, 0) - now.getTime()) / 60_000);
      const before = (await asUser(t.app, token, { method: 'GET', url: '/api/month' })).json();
      await asUser(t.app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { timezone: 3 } });
      const after = (await asUser(t.app, token, { method: 'GET', url: '/api/month' })).json();
      expect(before.day).toBe(15);
      expect(after.day).toBe(16);
    });
  });

  describe('GET /notifications', () => {
    it("lists the user's own notices, newest first", async () => {
      const email = 'notes@example.com';
      const { token } = await registerUser(t.app, email);
      await registerUser(t.app, 'someone-else@example.com');
      await asUser(t.app, token, {
        method: 'POST',
        url: '/api/users/change-password',
        payload: { current_password: STRONG_PASSWORD, new_password: 'Secret999', new_password_confirmation: 'Secret999' },
      });
      const response = await asUser(t.app, token, { method: 'GET', url: '/api/notifications' });
      expect(response.statusCode).toBe(200);
      const notes = response.json<{ notifications: { title: string; read_at: string | null; created_at: string }[] }>().notifications;
      expect(notes.map((note) => note.title)).toEqual(['Password changed', 'Welcome to Mindspend']);
      expect(notes.every((note) => note.read_at === null && !Number.isNaN(Date.parse(note.created_at)))).toBe(true);
      expect(response.body).not.toContain('user_id');
    });
  });

  describe('DELETE /users/{id}', () => {
    /** The person-owned tables of sign-up, settings, billing and contact (later features add more). */
    const FOUNDATION_TABLES = ['api_tokens', 'password_resets', 'subscriptions', 'contact_messages', 'outbox'];
    /** The book-owned tables sign-up fills (the welcome notice) and those fillBook below adds to. */
    const BOOK_TABLES_FILLED = [
      'notifications',
      'accounts',
      'account_balances',
      'entities',
      'transactions',
      'transaction_splits',
      'budgets',
      'rules',
      'goals',
      'purpose_targets',
      'month_reflections',
    ];

    it('knows every person-owned and book-owned table it fills', () => {
      expect(USER_OWNED_TABLES).toEqual(expect.arrayContaining(FOUNDATION_TABLES));
      expect(BOOK_OWNED_TABLES).toEqual(expect.arrayContaining(BOOK_TABLES_FILLED));
    });

    /** The user's personal book (its id is not the user's: books have their own sequence). */
    const personalBookOf = async (userId: number) =>
      (await t.database.db.selectFrom('books').select('id').where('personal_user_id', '=', userId).executeTakeFirstOrThrow()).id;

    /** Rows of the person in every person-owned table, and of their personal book in every book-owned one. */
    async function rowsOf(userId: number, bookId: number): Promise<Record<string, number>> {
      const { db } = t.database;
      const counts: Record<string, number> = {};
      for (const table of USER_OWNED_TABLES) {
        const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
        counts[table] = Number(row.n);
      }
      for (const table of BOOK_OWNED_TABLES) {
        const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('book_id', '=', bookId).executeTakeFirstOrThrow();
        counts[`${table} (book)`] = Number(row.n);
      }
      counts.books = (await db.selectFrom('books').select('id').where('id', '=', bookId).execute()).length;
      counts.users = (await db.selectFrom('users').select('id').where('id', '=', userId).execute()).length;
      return counts;
    }

    /** Money data in the user's personal book: an account with a balance, a payee, a split expense, a budget, a rule, a goal, purpose targets and a reflection. */
    async function fillBook(token: string) {
      const accountId = await createAccount(t.app, token);
      const payee = await createEntity(t.app, token, accountId);
      const ids = await subcategoryIds(t.app, token);
      await createTransaction(t.app, token, accountId, { entity_id: payee, amount: 30, subcategories: [{ id: ids.Groceries }] });
      const writes = [
        { method: 'POST', url: '/api/budgets', payload: { transaction_subcategory_id: ids.Groceries, amount: 400, repeat_start: '2026-11-01' } },
        { method: 'POST', url: '/api/rules', payload: { conditions: [{ field: 'payee', op: 'contains', value: 'fred' }], actions: { purpose: 'survival' } } },
        { method: 'POST', url: '/api/goals', payload: { name: 'Trip', target_amount: 3000, target_date: '2030-05-15', saved_amount: 600 } },
        { method: 'PUT', url: '/api/purpose-targets', payload: { survival: 45, optional: 35, culture: 10, unexpected: 10 } },
        { method: 'PUT', url: '/api/reflections/month/10/year/2026', payload: { went_well: 'Cooked at home', change_next: 'Fewer dinners out' } },
      ] as const;
      for (const write of writes) {
        const response = await asUser(t.app, token, write);
        expect(response.statusCode, `${write.method} ${write.url}: ${response.body}`).toBeLessThan(300);
      }
    }

    /** A paid user with a row in every table: tokens, a reset request, mail, contact, notices, and money data in their book. */
    async function busyUser(email: string) {
      const response = await register(t.app, paidRegistration(email));
      const { api_token: token, user } = response.json<{ api_token: string; user: { id: number } }>();
      await requestResetToken(t, email);
      const contact = await asUser(t.app, token, {
        method: 'POST',
        url: '/api/contact',
        payload: { reason: 'account_help', body: 'Please close my account.' },
      });
      expect(contact.statusCode).toBe(201);
      await fillBook(token);
      return { token, userId: user.id, bookId: await personalBookOf(user.id) };
    }

    it('deletes the user, their personal book and every row of both, in every table, and leaves other users alone', async () => {
      const doomed = await busyUser('doomed@example.com');
      const keeper = await busyUser('keeper@example.com');
      const before = await rowsOf(doomed.userId, doomed.bookId);
      // Every table this part of the app writes holds a row of the user or their book before the deletion.
      for (const table of ['users', 'books', 'book_members', ...FOUNDATION_TABLES]) expect(before[table], `${table} before`).toBeGreaterThan(0);
      for (const table of BOOK_TABLES_FILLED) expect(before[`${table} (book)`], `${table} before`).toBeGreaterThan(0);
      const keeperBefore = await rowsOf(keeper.userId, keeper.bookId);

      const response = await asUser(t.app, doomed.token, { method: 'DELETE', url: `/api/users/${doomed.userId}`, payload: { current_password: STRONG_PASSWORD } });
      expect(response.statusCode).toBe(204);

      const after = await rowsOf(doomed.userId, doomed.bookId);
      for (const [table, count] of Object.entries(after)) expect(count, `${table} after`).toBe(0);
      expect(await rowsOf(keeper.userId, keeper.bookId)).toEqual(keeperBefore);

      expect((await asUser(t.app, doomed.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
      expect((await login(t.app, 'doomed@example.com', STRONG_PASSWORD)).statusCode).toBe(401);
      expect((await asUser(t.app, keeper.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
      // The address is free again.
      expect((await registerUser(t.app, 'doomed@example.com')).userId).not.toBe(doomed.userId);
    });
  });
});
