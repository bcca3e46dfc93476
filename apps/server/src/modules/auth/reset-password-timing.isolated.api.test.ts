/**
 * Issue 12: `POST /api/reset-password` answered about 10× faster for an unknown e-mail, because
 * only a known one paid for argon2. Timing thresholds would be flaky on a shared machine, so the
 * test counts the expensive work instead: both answers must hash the password exactly once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as passwords from '../../lib/passwords';
import { STRONG_PASSWORD, TEST_DB, type TestApp, createTestApp, registerUser } from '../../test/test-app';

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return {
    ...actual,
    hashPassword(password: string): Promise<string> {
      hashes.count += 1;
      return actual.hashPassword(password);
    },
  };
});

describe(`reset-password timing on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await registerUser(t.app, 'known@example.com', STRONG_PASSWORD);
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    hashes.count = 0;
  });

  it.each(['known@example.com', 'nobody-here@example.com'])('does one argon2 hash for %s with a bad token', async (email) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { email, password: 'Brandnew42', password_confirmation: 'Brandnew42', token: 'not-a-token' },
    });
    expect(response.statusCode).toBe(422);
    expect(hashes.count).toBe(1);
  });
});
