import { MESSAGES, requiredMessage } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../test/fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

const THANKS = "Thank you for contacting us! We'll get back to you soon.";

describe(`contact API on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  function contact(payload: unknown, token?: string) {
    const options = { method: 'POST' as const, url: '/api/contact', payload: payload as Record<string, unknown> };
    return token ? asUser(t.app, token, options) : t.app.inject(options);
  }

  async function mailsTo(address: string) {
    return t.database.db.selectFrom('outbox').selectAll().where('to_address', '=', address).orderBy('id', 'desc').execute();
  }

  it('requires the reason and the message from a signed-in user', async () => {
    const { token } = await registerUser(t.app, 'writer@example.com');
    const response = await contact({ reason: '', body: '   ' }, token);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors?.body).toEqual([MESSAGES.contactBodyRequired]);
    expect(response.json<ErrorBody>().errors?.reason?.length).toBe(1);

    const missing = await contact({}, token);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The reason field is required.',
      errors: { reason: ['The reason field is required.'], body: ['The message field is required.'] },
    });
  });

  it('refuses a reason that is not one of the form choices', async () => {
    const response = await contact({ reason: 'spam', body: 'hi', email: 'v@example.com' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorBody>().errors ?? {})).toEqual(['reason']);
  });

  it("requires a visitor's e-mail address, and a valid one", async () => {
    const missing = await contact({ reason: 'general', body: 'Hello there' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<ErrorBody>().errors).toEqual({ email: [requiredMessage('email')] });

    const invalid = await contact({ reason: 'general', body: 'Hello there', email: 'not-an-address' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json<ErrorBody>().errors).toEqual({ email: [MESSAGES.emailInvalid] });
  });

  it('stores a visitor message and mails it to support with the reply address', async () => {
    const response = await contact({ reason: 'bug_report', body: '  The chart is blank.  ', email: 'Visitor@Example.com' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: THANKS });

    const stored = await t.database.db.selectFrom('contact_messages').selectAll().where('email', '=', 'visitor@example.com').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: null, reason: 'bug_report', body: 'The chart is blank.' });
    const [mail] = await mailsTo(t.config.SUPPORT_EMAIL);
    expect(mail?.subject).toBe('[Bug Report] message from visitor@example.com');
    expect(mail?.body_text).toContain('The chart is blank.');
  });

  it("uses a signed-in user's own address, not one typed in the form", async () => {
    const { token, userId } = await registerUser(t.app, 'member@example.com');
    const response = await contact({ reason: 'billing', body: 'Invoice please', email: 'someone-else@example.com' }, token);
    expect(response.statusCode).toBe(201);
    const stored = await t.database.db.selectFrom('contact_messages').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(stored.email).toBe('member@example.com');
  });

  it('accepts a message of the longest allowed length and refuses a longer one, naming the field', async () => {
    const { token } = await registerUser(t.app, 'verbose@example.com');
    expect((await contact({ reason: 'general', body: 'x'.repeat(5000) }, token)).statusCode).toBe(201);
    const tooLong = await contact({ reason: 'general', body: 'x'.repeat(5001) }, token);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json<ErrorBody>().errors?.body?.[0]).toMatch(/body field must not be greater than 5000 characters/);
  });

  it('accepts a visitor with the longest valid e-mail address', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(email.length).toBe(254);
    const response = await contact({ reason: 'feature_request', body: 'Dark mode, please.', email });
    expect(response.statusCode).toBe(201);
    const [mail] = await mailsTo(t.config.SUPPORT_EMAIL);
    expect(mail?.body_text).toContain(email);
  });
});
