import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsResponse, PurposeMonth, User } from '@mindspend/api-contract';
import { fromCents, reflectionEmailContent } from '@mindspend/domain';
import type { MailMessage } from '../../lib/mailer';
import { createAccount, createEntity, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { runReflectionEmailCommand, parseCommandMonth } from './reflection-email-command';
import { reflectionEmailFacts, sendDueReflectionEmails, unsubscribeUrl } from './reflection-email.service';
import { ReflectionEmailJob } from './reflection-email.job';
import { reflectionEmailDeps } from './test-deps';

interface OutboxRow {
  user_id: number | null;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
}

describe(`the monthly reflection e-mail on ${TEST_DB}`, () => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  const deps = () => reflectionEmailDeps(t, { send: async (message) => void sent.push(message) });
  let ana: { token: string; userId: number; bookId: number };
  let ben: { token: string; userId: number; bookId: number };
  let cleo: { token: string; userId: number; bookId: number };

  const patchUser = (who: { token: string; userId: number }, payload: Record<string, unknown>) =>
    asUser(t.app, who.token, { method: 'PATCH', url: `/api/users/${who.userId}`, payload });
  const outbox = (userId: number) =>
    t.database.db
      .selectFrom('outbox')
      .select(['user_id', 'to_address', 'subject', 'body_text', 'body_html'])
      .where('user_id', '=', userId)
      .where('subject', 'like', 'Your % in Mindspend: how it felt')
      .orderBy('id')
      .execute() as Promise<OutboxRow[]>;
  const optedIn = async (userId: number) =>
    (await t.database.db.selectFrom('users').select('reflection_email_since').where('id', '=', userId).executeTakeFirstOrThrow())
      .reflection_email_since !== null;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-10-20T12:00:00Z');
    ana = await registerUser(t.app, 'ana-reflects@example.com');
    ben = await registerUser(t.app, 'ben-reflects@example.com');
    cleo = await registerUser(t.app, 'cleo-quiet@example.com');
    await patchUser(ana, { first_name: 'Ana' });

    const checking = await createAccount(t.app, ana.token);
    const bar = await createEntity(t.app, ana.token, checking, '<script>alert("bar")</script> Corner Bar');
    const shop = await createEntity(t.app, ana.token, checking, 'Gadget Shop');
    const grocer = await createEntity(t.app, ana.token, checking, 'Grocer');
    const add = (payload: Record<string, unknown>) => createTransaction(t.app, ana.token, checking, payload);
    await add({ date: '2026-10-02', amount: 300, entity_id: grocer, purpose: 'survival', emotion_names: ['neutral'] });
    const barNight = await add({ date: '2026-10-03', amount: 80, entity_id: bar, purpose: 'optional', emotion_names: ['positive'] });
    await add({ date: '2026-10-09', amount: 45.5, entity_id: bar, purpose: 'optional', emotion_names: ['negative'] });
    const gadget = await add({ date: '2026-10-12', amount: 120, entity_id: shop, purpose: 'optional', emotion_names: ['negative'] });
    await add({ date: '2026-10-31', amount: 60, purpose: 'culture' });
    await add({ date: '2026-10-15', amount: 2000, type: 'income' });
    await add({ date: '2026-09-30', amount: 999, entity_id: shop, emotion_names: ['negative'] });
    await add({ date: '2026-11-01', amount: 888, entity_id: shop, emotion_names: ['negative'] });
    // Second looks: the bar night soured, the gadget warmed.
    for (const [id, feeling] of [
      [barNight, 'negative'],
      [gadget, 'positive'],
    ] as const) {
      const look = await asUser(t.app, ana.token, { method: 'PATCH', url: `/api/transactions/${id}`, payload: { second_feeling: feeling } });
      expect(look.statusCode).toBe(200);
    }
    await asUser(t.app, ana.token, {
      method: 'PUT',
      url: '/api/purpose-targets',
      payload: { survival: 50, optional: 20, culture: 20, unexpected: 10 },
    });
    await asUser(t.app, ana.token, {
      method: 'PUT',
      url: '/api/reflections/month/10/year/2026',
      payload: { went_well: 'Cooked <b>at home</b>.', change_next: 'Fewer gadgets.' },
    });

    const bensAccount = await createAccount(t.app, ben.token);
    await createTransaction(t.app, ben.token, bensAccount, { date: '2026-10-05', amount: 42 });
    // Cleo opts in but records only income in October: nothing to reflect on, no e-mail.
    const cleosAccount = await createAccount(t.app, cleo.token);
    await createTransaction(t.app, cleo.token, cleosAccount, { date: '2026-10-05', amount: 42, type: 'income' });
  });
  afterAll(() => t.close());

  it('is off until the person turns it on in Settings, and the user answer says which', async () => {
    const before = await asUser(t.app, ana.token, { method: 'GET', url: '/api/user' });
    expect(before.json<{ user: User }>().user.reflection_email).toBe(false);
    const on = await patchUser(ana, { reflection_email: true });
    expect(on.statusCode).toBe(200);
    expect(on.json<{ user: User }>().user.reflection_email).toBe(true);
    const again = await patchUser(ana, { reflection_email: true });
    expect(again.json<{ user: User }>().user.reflection_email).toBe(true);
    expect((await patchUser(cleo, { reflection_email: true })).statusCode).toBe(200);
    expect(await optedIn(ben.userId)).toBe(false);
  });

  it('refuses a setting that is not on or off, and changes nothing', async () => {
    for (const value of ['yes', 1, null, { on: true }]) {
      const response = await patchUser(ana, { reflection_email: value });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.reflection_email).toEqual([
        'The reflection email field must be a boolean.',
      ]);
    }
    expect(await optedIn(ana.userId)).toBe(true);
  });

  it('sends nothing before the 1st of the month', async () => {
    const summary = await sendDueReflectionEmails(deps(), new Date('2026-10-31T23:00:00Z'));
    expect(summary).toEqual({ queued: 0, alreadySent: 0, noSpending: 0 });
    expect(await outbox(ana.userId)).toEqual([]);
  });

  it("on the 1st sends last month's e-mail to each opted-in person once, with text and HTML, through SMTP", async () => {
    t.clock.set('2026-11-01T08:00:00Z');
    const first = await sendDueReflectionEmails(deps(), t.clock.now());
    expect(first).toEqual({ queued: 1, alreadySent: 0, noSpending: 1 });
    const second = await sendDueReflectionEmails(deps(), new Date('2026-11-03T08:00:00Z'));
    expect(second).toEqual({ queued: 0, alreadySent: 1, noSpending: 1 });

    const rows = await outbox(ana.userId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ to_address: 'ana-reflects@example.com', subject: 'Your October 2026 in Mindspend: how it felt' });
    expect(row?.body_text).toContain('You spent $605.50 over 5 expenses.');
    expect(row?.body_html).toContain('<!DOCTYPE html>');
    expect(row?.body_html).toContain('$605.50');
    expect(sent.map((message) => message.to)).toEqual(['ana-reflects@example.com']);
    expect(sent[0]?.html).toBe(row?.body_html);
    expect(sent[0]?.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribeUrl(t, ana.userId)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const sentAt = await t.database.db.selectFrom('outbox').select('sent_at').where('user_id', '=', ana.userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sentAt.sent_at).not.toBeNull();
    // Neither the person who did not opt in nor the one without spending gets one.
    expect(await outbox(ben.userId)).toEqual([]);
    expect(await outbox(cleo.userId)).toEqual([]);
  });

  it('escapes payee names and the reflection in the HTML part', async () => {
    const [row] = await outbox(ana.userId);
    expect(row?.body_html).not.toContain('<script>');
    expect(row?.body_html).toContain('&lt;script&gt;alert(&quot;bar&quot;)&lt;/script&gt; Corner Bar');
    expect(row?.body_html).toContain('Cooked &lt;b&gt;at home&lt;/b&gt;.');
    expect(row?.body_text).toContain('What went well: Cooked <b>at home</b>.');
  });

  it('says what the purposes screen and insights say about the month', async () => {
    const user = { id: ana.userId, email: 'ana-reflects@example.com', first_name: 'Ana', time_zone: 'UTC', book_id: ana.bookId };
    const content = reflectionEmailContent(await reflectionEmailFacts(deps(), user, { year: 2026, month: 10 }));
    const purposes = (await asUser(t.app, ana.token, { method: 'GET', url: '/api/purposes/month/10/year/2026' })).json<PurposeMonth>();
    const insights = (
      await asUser(t.app, ana.token, { method: 'GET', url: '/api/insights?from=2026-10&to=2026-10' })
    ).json<InsightsResponse>();
    expect(content.spentCents).toBe(Math.round(insights.totals.spent * 100));
    expect(content.purposes.map((share) => [share.purpose, fromCents(share.spentCents), share.percent, share.targetPercent])).toEqual(
      purposes.map((line) => [line.purpose, line.spent, line.percent, line.target_percent]),
    );
    expect(content.feelings.map((line) => [line.feeling, fromCents(line.amountCents), line.count, line.percent])).toEqual(
      insights.by_feeling.map((line) => [line.feeling, line.amount, line.count, line.percent]),
    );
    const payees = insights.regret.top_payees.filter((line) => line.id !== null).slice(0, 3);
    expect(content.regrettedPayees.map((line) => [line.name, fromCents(line.regrettedCents), fromCents(line.amountCents)])).toEqual(
      payees.map((line) => [line.name, line.regretted, line.spent]),
    );
    const shifts = insights.shifts.by_payee;
    expect(content.shifts.soured).toBe(shifts.reduce((sum, line) => sum + line.soured, 0));
    expect(content.shifts.warmed).toBe(shifts.reduce((sum, line) => sum + line.warmed, 0));
    expect([content.shifts.soured, content.shifts.warmed]).toEqual([1, 1]);

    // A transfer's leg is money moved, not spent (DECISIONS.md #47): the e-mail leaves it out.
    const checking = (await t.database.db.selectFrom('accounts').select('id').where('book_id', '=', ana.bookId).executeTakeFirstOrThrow()).id;
    const leg = await createTransaction(t.app, ana.token, checking, { date: '2026-10-20', amount: 500, emotion_names: ['negative'], purpose: 'survival' });
    await t.database.db.updateTable('transactions').set({ transfer_id: leg }).where('id', '=', leg).execute();
    expect(reflectionEmailContent(await reflectionEmailFacts(deps(), user, { year: 2026, month: 10 }))).toEqual(content);

    const [row] = await outbox(ana.userId);
    expect(row?.body_text).toContain('- Survival: $300.00, 49.5% (target 50%)');
    expect(row?.body_text).toContain('- Optional: $245.50, 40.5% (target 20%, above it)');
    expect(row?.body_text).toContain('- Gadget Shop: $120.00 regretted of $120.00 (100%)');
    expect(row?.body_text).toContain('1 purchase did not feel like a regret at first and did on a second look');
    expect(row?.body_text).toContain('$60.00 had no feeling recorded.');
  });

  it('turns the e-mail off from its link without signing in, once, and answers a page each time', async () => {
    const link = new URL(unsubscribeUrl(t, ana.userId));
    const first = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.body).toContain('You are unsubscribed');
    expect(first.body).toContain('You will no longer receive the monthly reflection e-mail.');
    expect(await optedIn(ana.userId)).toBe(false);
    const again = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('was already off, so nothing changed');
    // Cleo is still opted in: one person's link touches only their own setting.
    expect(await optedIn(cleo.userId)).toBe(true);
    const settings = await asUser(t.app, ana.token, { method: 'GET', url: '/api/user' });
    expect(settings.json<{ user: User }>().user.reflection_email).toBe(false);
  });

  it("turns it off with one click from the mail reader's List-Unsubscribe-Post, and refuses a forged token", async () => {
    await patchUser(ben, { reflection_email: true });
    const link = new URL(unsubscribeUrl(t, ben.userId));
    const oneClick = (search: string) =>
      t.app.inject({
        method: 'POST',
        url: `${link.pathname}${search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const forged = await oneClick(`?token=${ben.userId}.${'B'.repeat(43)}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'This unsubscribe link is not valid. Nothing was changed.' });
    expect(await optedIn(ben.userId)).toBe(true);
    const answer = await oneClick(link.search);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'You will no longer receive the monthly reflection e-mail.' });
    expect(await optedIn(ben.userId)).toBe(false);
    expect((await oneClick(link.search)).statusCode).toBe(200);
  });

  it('refuses a forged, tampered, missing or borrowed token and changes nothing', async () => {
    const cleosToken = new URL(unsubscribeUrl(t, cleo.userId)).searchParams.get('token') ?? '';
    const [, mac] = cleosToken.split('.');
    const forged = [
      `${ana.userId}.${mac}`, // Cleo's signature on another id
      `${cleo.userId}.${'A'.repeat(43)}`,
      `${cleo.userId}.${mac?.slice(0, -1)}`,
      `${cleo.userId}`,
      '',
      'not-a-token',
      `${cleo.userId}.${mac}.extra`,
    ];
    for (const token of forged) {
      const response = await t.app.inject({ method: 'GET', url: `/api/reflection-email/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('This unsubscribe link is not valid');
      expect(response.body).toContain('Nothing was changed.');
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/reflection-email/unsubscribe' });
    expect(none.statusCode).toBe(400);
    expect(await optedIn(cleo.userId)).toBe(true);
  });

  it('a token signed with another secret is refused', async () => {
    const otherServer = { ...t, config: { ...t.config, UNSUBSCRIBE_SECRET: 'another-unsubscribe-secret-of-32-characters' } };
    const link = new URL(unsubscribeUrl(otherServer, cleo.userId));
    const response = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(response.statusCode).toBe(400);
    expect(await optedIn(cleo.userId)).toBe(true);
  });

  it('sends nothing to a person who turned it off, even for a month not sent yet', async () => {
    await patchUser(ben, { reflection_email: true });
    await patchUser(ben, { reflection_email: false });
    const summary = await sendDueReflectionEmails(deps(), new Date('2026-11-02T08:00:00Z'));
    expect(summary.queued).toBe(0);
    expect(await outbox(ben.userId)).toEqual([]);
  });

  it("follows the person's own timezone: the 1st in Auckland comes before UTC's", async () => {
    await patchUser(ben, { reflection_email: true, timezone: 13 });
    const bensAccount = (await t.database.db.selectFrom('accounts').select('id').where('book_id', '=', ben.bookId).executeTakeFirstOrThrow()).id;
    await createTransaction(t.app, ben.token, bensAccount, { date: '2026-11-20', amount: 10 });
    // 2026-11-30 12:00 UTC is 1 December 01:00 at UTC+13: November is over for Ben.
    const summary = await sendDueReflectionEmails(deps(), new Date('2026-11-30T12:00:00Z'));
    expect(summary.queued).toBe(1);
    expect((await outbox(ben.userId)).map((row) => row.subject)).toEqual(['Your November 2026 in Mindspend: how it felt']);
  });

  it('waits for the next 1st when a person opts in after the first week of a month', async () => {
    await patchUser(ana, { reflection_email: true });
    const late = await sendDueReflectionEmails(deps(), new Date('2026-12-08T12:00:00Z'));
    expect(late.queued).toBe(0);
  });

  it("the command catches up a given month's e-mail, and never one still running", async () => {
    expect(parseCommandMonth([])).toBeNull();
    expect(parseCommandMonth(['--month', '2026-09'])).toEqual({ year: 2026, month: 9 });
    expect(() => parseCommandMonth(['--month', '2026-13'])).toThrow('The month is written YYYY-MM');
    const running = await runReflectionEmailCommand(deps(), ['--month', '2026-12'], new Date('2026-12-08T12:00:00Z'));
    expect(running).toEqual(['Reflection e-mails queued: 0; already sent: 0; months without spending: 0.']);
    const september = await runReflectionEmailCommand(deps(), ['--month', '2026-09'], new Date('2026-12-08T12:00:00Z'));
    expect(september[0]).toMatch(/^Reflection e-mails queued: 1;/);
    expect((await outbox(ana.userId)).map((row) => row.subject)).toEqual([
      'Your October 2026 in Mindspend: how it felt',
      'Your September 2026 in Mindspend: how it felt',
    ]);
  });

  it("a deleted account's link answers that the e-mail is off", async () => {
    const dana = await registerUser(t.app, 'dana-leaves@example.com');
    const link = new URL(unsubscribeUrl(t, dana.userId));
    await asUser(t.app, dana.token, { method: 'DELETE', url: `/api/users/${dana.userId}`, payload: { current_password: 'Mindful123' } });
    const response = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('already off');
  });
});

describe(`the unsubscribe link's limits and the job's timer on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('is rate-limited per client address like the other public forms', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await t.app.inject({ method: 'GET', url: '/api/reflection-email/unsubscribe?token=1.x' })).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });

  it("the server's job sends at the clock's time, and a second pass at once sends nothing more", async () => {
    const erin = await registerUser(t.app, 'erin-job@example.com');
    t.clock.set('2026-10-10T12:00:00Z');
    const account = await createAccount(t.app, erin.token);
    await createTransaction(t.app, erin.token, account, { date: '2026-10-05', amount: 12 });
    await asUser(t.app, erin.token, { method: 'PATCH', url: `/api/users/${erin.userId}`, payload: { reflection_email: true } });
    const job = new ReflectionEmailJob(reflectionEmailDeps(t));
    expect(await job.run()).toEqual({ queued: 0, alreadySent: 0, noSpending: 0 });
    t.clock.set('2026-11-01T00:30:00Z');
    const [first, overlapping] = [job.run(), job.run()];
    expect(overlapping).toBe(first);
    expect(await first).toEqual({ queued: 1, alreadySent: 0, noSpending: 0 });
    expect(await job.run()).toEqual({ queued: 0, alreadySent: 1, noSpending: 0 });
    await job.stop();
  });
});
