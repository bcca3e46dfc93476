import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGE, READ_ONLY_MESSAGE } from '../../plugins/personal-tokens';
import { MAX_PERSONAL_TOKENS } from './personal-tokens.service';
import type { ErrorBody } from '../../test/fixtures';
import {
  STRONG_PASSWORD,
  TEST_DB,
  type TestApp,
  asUser,
  createTestApp,
  registerUser,
} from '../../test/test-app';

interface Created {
  id: number;
  name: string;
  scope: 'read' | 'write';
  token: string;
  created_at: string;
  last_used_at: string | null;
}

describe(`personal access tokens on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function createToken(signInToken: string, name: string, scope: 'read' | 'write'): Promise<Created> {
    const response = await asUser(t.app, signInToken, {
      method: 'POST',
      url: '/api/user/tokens',
      payload: { name, scope, current_password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Created>();
  }

  const goal = { name: 'Bike', target_amount: 500, target_date: '2030-01-01', saved_amount: 0 };

  it('creates a token shown once, lists it without the token, and keeps only its hash', async () => {
    const { token: session, userId } = await registerUser(t.app, 'pat-create@example.com');
    const created = await createToken(session, '  Budget script ', 'read');
    expect(created).toMatchObject({ name: 'Budget script', scope: 'read', last_used_at: null });
    expect(created.token).toMatch(/^msp_[A-Za-z0-9_-]{43}$/);

    const list = await asUser(t.app, session, { method: 'GET', url: '/api/user/tokens' });
    expect(list.statusCode).toBe(200);
    expect(list.json().tokens).toEqual([
      {
        id: created.id,
        name: 'Budget script',
        scope: 'read',
        created_at: created.created_at,
        last_used_at: null,
      },
    ]);
    expect(list.body).not.toContain(created.token);

    // The table holds the SHA-256, never the token or a part of it after the prefix.
    const rows = await t.database.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(created.token);
    expect(stored).not.toContain(created.token.slice(4, 20));
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a token without a name or with an unknown scope, with clear messages', async () => {
    const { token: session } = await registerUser(t.app, 'pat-bad@example.com');
    const noName = await asUser(t.app, session, {
      method: 'POST',
      url: '/api/user/tokens',
      payload: { name: '  ', scope: 'read' },
    });
    expect(noName.statusCode).toBe(422);
    expect(noName.json<ErrorBody>().errors?.name).toEqual([
      'Give the token a name, so you know later which script uses it.',
    ]);
    const badScope = await asUser(t.app, session, {
      method: 'POST',
      url: '/api/user/tokens',
      payload: { name: 'x', scope: 'admin' },
    });
    expect(badScope.statusCode).toBe(422);
    expect(badScope.json<ErrorBody>().errors?.scope).toEqual(['The selected scope is invalid.']);
    const tooLong = await asUser(t.app, session, {
      method: 'POST',
      url: '/api/user/tokens',
      payload: { name: 'x'.repeat(101), scope: 'read' },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json<ErrorBody>().errors?.name?.[0]).toMatch(/100/);
    const wrongType = await asUser(t.app, session, {
      method: 'POST',
      url: '/api/user/tokens',
      payload: { name: 42, scope: ['write'] },
    });
    expect(wrongType.statusCode).toBe(422);
    const notJson = await asUser(t.app, session, {
      method: 'POST',
      url: '/api/user/tokens',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    const list = await asUser(t.app, session, { method: 'GET', url: '/api/user/tokens' });
    expect(list.json().tokens).toEqual([]);
  });

  it('lets a read token read but answers 403 to every write, changing nothing', async () => {
    const { token: session } = await registerUser(t.app, 'pat-read@example.com');
    const existing = await asUser(t.app, session, { method: 'POST', url: '/api/goals', payload: goal });
    const goalId = existing.json<{ id: number }>().id;
    const { token } = await createToken(session, 'reader', 'read');

    const read = await asUser(t.app, token, { method: 'GET', url: '/api/goals' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toHaveLength(1);
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).json().user.email).toBe(
      'pat-read@example.com',
    );

    const writes = [
      { method: 'POST', url: '/api/goals', payload: goal },
      { method: 'PATCH', url: `/api/goals/${goalId}`, payload: { name: 'Car' } },
      { method: 'PUT', url: '/api/transactions/entities/1', payload: { name: 'Shop' } },
      { method: 'DELETE', url: `/api/goals/${goalId}` },
    ] as const;
    for (const write of writes) {
      const response = await asUser(t.app, token, write);
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(response.json()).toEqual({ message: READ_ONLY_MESSAGE });
    }
    const after = await asUser(t.app, session, { method: 'GET', url: '/api/goals' });
    expect(after.json()).toEqual([expect.objectContaining({ id: goalId, name: 'Bike' })]);
  });

  it('lets a write token write', async () => {
    const { token: session, userId } = await registerUser(t.app, 'pat-write@example.com');
    const { token } = await createToken(session, 'writer', 'write');
    // Under /api/users/ but marked as not account management: a budgeting preference.
    const stop = await asUser(t.app, token, {
      method: 'POST',
      url: `/api/users/${userId}/budgetDefaults/stop`,
    });
    expect(stop.statusCode).toBe(200);
    const created = await asUser(t.app, token, { method: 'POST', url: '/api/goals', payload: goal });
    expect(created.statusCode).toBe(201);
    const goalId = created.json<{ id: number }>().id;
    const edited = await asUser(t.app, token, {
      method: 'PATCH',
      url: `/api/goals/${goalId}`,
      payload: { name: 'Car' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await asUser(t.app, token, { method: 'DELETE', url: `/api/goals/${goalId}` })).statusCode).toBe(
      204,
    );
  });

  it.each(['read', 'write'] as const)(
    'refuses a %s token on every account-management route with 403',
    async (scope) => {
      const email = `pat-account-${scope}@example.com`;
      const { token: session, userId } = await registerUser(t.app, email);
      const { token, id } = await createToken(session, 'script', scope);
      const routes = [
        { method: 'GET', url: '/api/user/tokens' },
        { method: 'POST', url: '/api/user/tokens', payload: { name: 'more', scope: 'write' } },
        { method: 'DELETE', url: `/api/user/tokens/${id}` },
        { method: 'GET', url: '/api/user/sessions' },
        {
          method: 'POST',
          url: '/api/users/change-password',
          payload: {
            current_password: STRONG_PASSWORD,
            new_password: 'Changed4567',
            new_password_confirmation: 'Changed4567',
          },
        },
        { method: 'PATCH', url: `/api/users/${userId}`, payload: { email: 'stolen@example.com' } },
        { method: 'DELETE', url: `/api/users/${userId}` },
        { method: 'POST', url: '/api/subscription', payload: {} },
        { method: 'DELETE', url: '/api/subscription' },
      ] as const;
      for (const route of routes) {
        const response = await asUser(t.app, token, route);
        // /api/user/sessions is not built on this branch: it is refused before any route is looked up.
        if (route.url === '/api/user/sessions' && response.statusCode === 404) continue;
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(response.json()).toEqual({ message: ACCOUNT_MESSAGE });
      }
      // Nothing changed: the same e-mail and password sign in, the token still exists.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: STRONG_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const list = await asUser(t.app, session, { method: 'GET', url: '/api/user/tokens' });
      expect(list.json().tokens).toHaveLength(1);
    },
  );

  it('answers 401 once a token is revoked, and 404 to revoking another user’s token', async () => {
    const { token: session } = await registerUser(t.app, 'pat-revoke@example.com');
    const { token: otherSession } = await registerUser(t.app, 'pat-other@example.com');
    const created = await createToken(session, 'short-lived', 'write');
    expect((await asUser(t.app, created.token, { method: 'GET', url: '/api/goals' })).statusCode).toBe(200);

    const foreign = await asUser(t.app, otherSession, {
      method: 'DELETE',
      url: `/api/user/tokens/${created.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await asUser(t.app, created.token, { method: 'GET', url: '/api/goals' })).statusCode).toBe(200);

    const revoked = await asUser(t.app, session, { method: 'DELETE', url: `/api/user/tokens/${created.id}` });
    expect(revoked.statusCode).toBe(204);
    const after = await asUser(t.app, created.token, { method: 'GET', url: '/api/goals' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated.' });
    expect(
      (await asUser(t.app, session, { method: 'DELETE', url: `/api/user/tokens/${created.id}` })).statusCode,
    ).toBe(404);
  });

  it('records when a token was last used, at most once every few minutes', async () => {
    const { token: session } = await registerUser(t.app, 'pat-used@example.com');
    const created = await createToken(session, 'cron', 'read');
    const lastUsed = async () =>
      (await asUser(t.app, session, { method: 'GET', url: '/api/user/tokens' })).json<{ tokens: Created[] }>()
        .tokens[0]?.last_used_at;

    const firstUse = t.clock.now().toISOString();
    await asUser(t.app, created.token, { method: 'GET', url: '/api/goals' });
    expect(await lastUsed()).toBe(firstUse);

    t.clock.advanceMinutes(2);
    await asUser(t.app, created.token, { method: 'GET', url: '/api/goals' });
    expect(await lastUsed()).toBe(firstUse);

    t.clock.advanceMinutes(4);
    const laterUse = t.clock.now().toISOString();
    await asUser(t.app, created.token, { method: 'GET', url: '/api/goals' });
    expect(await lastUsed()).toBe(laterUse);
  });

  it('keeps sign-in tokens working as before, and a sign-in token manages tokens', async () => {
    const { token: session } = await registerUser(t.app, 'pat-session@example.com');
    expect(session.startsWith('msp_')).toBe(false);
    expect((await asUser(t.app, session, { method: 'GET', url: '/api/user/tokens' })).statusCode).toBe(200);
    expect(
      (await asUser(t.app, 'msp_not-a-real-token', { method: 'GET', url: '/api/goals' })).statusCode,
    ).toBe(401);
  });

  it(`keeps at most ${MAX_PERSONAL_TOKENS} tokens per user, saying to revoke one`, async () => {
    const { token: session } = await registerUser(t.app, 'pat-many@example.com');
    for (let i = 0; i < MAX_PERSONAL_TOKENS; i += 1) await createToken(session, `script ${i}`, 'read');
    const one = await asUser(t.app, session, {
      method: 'POST',
      url: '/api/user/tokens',
      payload: { name: 'one more', scope: 'read', current_password: STRONG_PASSWORD },
    });
    expect(one.statusCode).toBe(422);
    expect(one.json<ErrorBody>().errors?.name).toEqual([
      `You already have ${MAX_PERSONAL_TOKENS} personal access tokens. Revoke one you no longer use first.`,
    ]);
    const list = await asUser(t.app, session, { method: 'GET', url: '/api/user/tokens' });
    expect(list.json().tokens).toHaveLength(MAX_PERSONAL_TOKENS);
  });

  it('deletes the tokens with the account', async () => {
    const { token: session, userId } = await registerUser(t.app, 'pat-gone@example.com');
    const created = await createToken(session, 'doomed', 'write');
    expect(
      (
        await asUser(t.app, session, {
          method: 'DELETE',
          url: `/api/users/${userId}`,
          payload: { current_password: STRONG_PASSWORD },
        })
      ).statusCode,
    ).toBe(204);
    expect((await asUser(t.app, created.token, { method: 'GET', url: '/api/goals' })).statusCode).toBe(401);
    const count = await sql<{
      n: number;
    }>`select count(*) as n from personal_access_tokens where user_id = ${userId}`.execute(t.database.db);
    expect(Number(count.rows[0]?.n)).toBe(0);
  });
});
