/**
 * The new-device notice (issue 28; DECISIONS.md #77): a sign-in from a device the person had not
 * signed in from before mails them once, with the device, the time and where to sign it out; the
 * devices they already use, a refused password and the first step of a two-factor sign-in mail
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TEST_DB, type TestApp, createTestApp } from '../../test/test-app';

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SUBJECT = 'A new sign-in to your Mindspend account';

describe(`the new-device sign-in notice on ${TEST_DB}`, () => {
  let t: TestApp;
  const email = 'devices@example.com';

  const signIn = (userAgent: string, password = STRONG_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/login', headers: { 'user-agent': userAgent }, payload: { email, password } });
  const notices = () => t.database.db.selectFrom('outbox').select(['body_text']).where('to_address', '=', email).where('subject', '=', SUBJECT).execute();

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'user-agent': MAC_CHROME },
      payload: { plan: 'free', email, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD, timezone: 0 },
    });
    expect(registered.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('says nothing of the device the account was made on, nor of a refused password from another', async () => {
    expect((await signIn(MAC_CHROME)).statusCode).toBe(200);
    expect((await signIn(WINDOWS_FIREFOX, 'Wrong-password-42')).statusCode).toBe(401);
    expect(await notices()).toEqual([]);
  });

  it('mails once when a new device signs in, naming it and where to sign it out', async () => {
    expect((await signIn(WINDOWS_FIREFOX)).statusCode).toBe(200);
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice?.body_text).toContain('signed in to from Firefox on Windows');
    expect(notice?.body_text).toContain('http://localhost:3000/settings#signed-in-devices');

    // The same device again, after signing out, is known.
    expect((await signIn(WINDOWS_FIREFOX)).statusCode).toBe(200);
    expect(await notices()).toHaveLength(1);
  });

  it('mails once when two first sign-ins from one new device race', async () => {
    const tablet = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const answers = await Promise.all([signIn(tablet), signIn(tablet), signIn(tablet)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await notices()).toHaveLength(2);
  });
});
