/**
 * Issue 28: a wrong `current_password` was never limited: 15 wrong tries on account deletion
 * answered 15 × 422, so a stolen session could guess the password, and a hit deleted the account.
 * Every route that asks for the current password now counts wrong ones per account, as sign-in
 * counts second-factor codes: 10 in 15 minutes, then 429, even to the right password
 * (DECISIONS.md #75). The count lives in the database, so server processes share it.
 */
import type { InjectOptions } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/fixtures';
import {
  STRONG_PASSWORD,
  TEST_DB,
  type TestApp,
  asUser,
  createTestApp,
  registerUser,
} from '../../test/test-app';

const WRONG = 'Wrong-Guess-42';
const LOCKED = { message: 'Too many wrong passwords. Please try again in 15 minutes.' };

interface Person {
  email: string;
  token: string;
  userId: number;
  secret: string | null;
}

/** Each route that asks for the current password: its request, and its answer to the right one. */
const ROUTES: Array<{
  name: string;
  twoFactor?: true;
  ok: number;
  request: (person: Person, password: string) => InjectOptions;
}> = [
  {
    name: 'PATCH /api/users/:id (e-mail change)',
    ok: 200,
    request: (p, password) => ({
      method: 'PATCH',
      url: `/api/users/${p.userId}`,
      payload: { email: `new-${p.email}`, current_password: password },
    }),
  },
  {
    name: 'DELETE /api/users/:id',
    ok: 204,
    request: (p, password) => ({
      method: 'DELETE',
      url: `/api/users/${p.userId}`,
      payload: { current_password: password },
    }),
  },
  {
    name: 'POST /api/users/change-password',
    ok: 200,
    request: (_p, password) => ({
      method: 'POST',
      url: '/api/users/change-password',
      payload: {
        current_password: password,
        new_password: 'Brand-New-2026',
        new_password_confirmation: 'Brand-New-2026',
      },
    }),
  },
  {
    name: 'POST /api/user/tokens',
    ok: 201,
    request: (_p, password) => ({
      method: 'POST',
      url: '/api/user/tokens',
      payload: { name: 'script', scope: 'read', current_password: password },
    }),
  },
  {
    name: 'POST /api/user/two-factor',
    ok: 200,
    request: (_p, password) => ({
      method: 'POST',
      url: '/api/user/two-factor',
      payload: { current_password: password },
    }),
  },
  {
    name: 'DELETE /api/user/two-factor',
    twoFactor: true,
    ok: 204,
    request: (p, password) => ({
      method: 'DELETE',
      url: '/api/user/two-factor',
      payload: { current_password: password, code: p.secret ?? '' },
    }),
  },
];

describe(`wrong current passwords per account on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  let people = 0;
  /** A new person, with two-factor on when asked (then `secret` holds its TOTP secret). */
  async function person(twoFactor = false): Promise<Person> {
    people += 1;
    const email = `guessed-${people}@example.com`;
    const { token, userId } = await registerUser(t.app, email);
    if (!twoFactor) return { email, token, userId, secret: null };
    const setup = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/two-factor',
      payload: { current_password: STRONG_PASSWORD },
    });
    const { secret } = setup.json<{ secret: string }>();
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect(
      (await asUser(t.app, token, { method: 'POST', url: '/api/user/two-factor/confirm', payload: { code } }))
        .statusCode,
    ).toBe(200);
    // Past the set-up's window (its right password opened one) and the confirming code's step.
    t.clock.advanceMinutes(16);
    return { email, token, userId, secret };
  }

  /** The route's request for `p`, with a fresh TOTP code where it needs one. */
  async function send(route: (typeof ROUTES)[number], p: Person, password: string, app = t) {
    const withCode = p.secret
      ? {
          ...p,
          secret: await generate({ secret: p.secret, epoch: Math.floor(t.clock.now().getTime() / 1000) }),
        }
      : p;
    return asUser(app.app, p.token, route.request(withCode, password));
  }

  it.each(ROUTES)(
    'answers $name with 429 after 10 wrong passwords, even to the right one, until the window ends',
    async (route) => {
      const p = await person(route.twoFactor);
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const wrong = await send(route, p, WRONG);
        expect(wrong.statusCode, `attempt ${attempt}: ${wrong.body}`).toBe(422);
      }
      for (const password of [WRONG, STRONG_PASSWORD]) {
        const locked = await send(route, p, password);
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toEqual(LOCKED);
      }
      // Nothing was changed: the person still signs in with their password at their address.
      expect((await login(t.app, p.email, STRONG_PASSWORD)).statusCode).toBe(200);
      t.clock.advanceMinutes(16);
      const after = await send(route, p, STRONG_PASSWORD);
      expect(after.statusCode, after.body).toBe(route.ok);
    },
  );

  it('counts the wrong passwords of every route against one limit per account', async () => {
    const p = await person();
    const [email, deletion, change, tokens] = ROUTES;
    for (const route of [email, email, email, deletion, deletion, deletion, change, change, tokens, tokens]) {
      expect((await send(route!, p, WRONG)).statusCode).toBe(422);
    }
    const locked = await send(ROUTES[4]!, p, STRONG_PASSWORD);
    expect(locked.statusCode).toBe(429);
    // Another account's count is its own.
    const bystander = await person();
    expect((await send(ROUTES[4]!, bystander, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('does not count the right password, nor a missing one', async () => {
    const p = await person();
    const tokens = ROUTES[3]!;
    for (let attempt = 0; attempt < 9; attempt += 1)
      expect((await send(tokens, p, WRONG)).statusCode).toBe(422);
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await send(tokens, p, STRONG_PASSWORD)).statusCode).toBe(201);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await send(tokens, p, '')).statusCode).toBe(422);
    expect((await send(tokens, p, WRONG)).statusCode).toBe(422);
    expect((await send(tokens, p, STRONG_PASSWORD)).statusCode).toBe(429);
  });

  it.runIf(TEST_DB === 'postgres')('shares the count between server processes on one database', async () => {
    const second = await createTestApp({}, { shareDatabaseWith: t });
    try {
      const p = await person();
      const deletion = ROUTES[1]!;
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await send(deletion, p, WRONG, attempt % 2 === 0 ? t : second)).statusCode).toBe(422);
      }
      expect((await send(deletion, p, STRONG_PASSWORD, second)).statusCode).toBe(429);
      expect((await send(deletion, p, STRONG_PASSWORD, t)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
