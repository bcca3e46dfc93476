/**
 * Issue 12: opening a reset link wrote its token (and the e-mail) to the info log through the
 * request line. The test reads the log lines the app writes and looks for the secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../test/test-app';

describe(`request log on ${TEST_DB}`, () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t?.close());

  it('keeps no reset token, e-mail or secret query parameter', async () => {
    const token = 'Zq7resetTokenThatMustNotBeLogged0123456789ab';
    const email = Buffer.from('secret-person@example.com').toString('base64url');
    await t.app.inject({ method: 'GET', url: `/reset-password/${token}/${email}` });
    await t.app.inject({ method: 'GET', url: `/api/health?api_token=QueryTokenMustNotBeLogged&month=2026-01` });

    const log = lines.join('');
    expect(log).toContain('/reset-password/[redacted]');
    expect(log).toContain('api_token=[redacted]&month=2026-01');
    for (const secret of [token, email, 'QueryTokenMustNotBeLogged']) expect(log).not.toContain(secret);
  });
});
