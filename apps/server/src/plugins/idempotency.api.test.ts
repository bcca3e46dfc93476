/**
 * Idempotent writes (issue 30; docs/DECISIONS.md #101) on SQLite and PostgreSQL: a create sent
 * again with its Idempotency-Key answers the first answer and writes nothing, also when two
 * processes race the same key; a key reused for another request is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../test/test-app';

describe(`idempotent writes on ${TEST_DB}`, () => {
  let t: TestApp;
  let second: TestApp;
  let token: string;
  let otherToken: string;
  let account: number;

  const purchase = (note: string) => ({ type: 'expense', amount: 12.5, date: '2026-11-20', notes: note, emotion_names: ['positive'] });
  const create = (key: string | undefined, payload: Record<string, unknown>, as = token, via = t) =>
    asUser(via.app, as, { method: 'POST', url: `/api/accounts/${account}/transactions`, payload, ...(key !== undefined && { headers: { 'idempotency-key': key } }) });
  const countNotes = async (note: string) => (await t.database.db.selectFrom('transactions').select('id').where('notes', '=', note).execute()).length;

  beforeAll(async () => {
    t = await createTestApp();
    second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    t.clock.set('2026-11-24T12:00:00Z');
    ({ token } = await registerUser(t.app, 'idem@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'idem-other@example.com'));
    const created = await asUser(t.app, token, { method: 'POST', url: '/api/accounts', payload: { name: 'Cash', account_type_id: 2, most_recent_balance: { current_balance: 100, date: '2026-01-01' } } });
    account = created.json().id;
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.close();
  });

  it('answers a repeated key with the first answer and writes the purchase once', async () => {
    const first = await create('offline-1', purchase('coffee once'));
    expect(first.statusCode).toBe(201);
    const again = await create('offline-1', purchase('coffee once'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countNotes('coffee once')).toBe(1);
    // Without a key, or with a new one, each request is its own.
    expect((await create(undefined, purchase('coffee once'))).statusCode).toBe(201);
    expect((await create('offline-2', purchase('coffee once'))).statusCode).toBe(201);
    expect(await countNotes('coffee once')).toBe(3);
  });

  it('writes one row when two processes race the same key, six requests at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create('raced-key', purchase('raced purchase'), token, i % 2 ? second : t)));
    const statuses = answers.map((answer) => answer.statusCode);
    // The one that claimed the key wrote; the others got its answer or were asked to send again.
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(await countNotes('raced purchase')).toBe(1);
    const ids = new Set(answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().id));
    expect(ids.size).toBe(1);
    const retried = await create('raced-key', purchase('raced purchase'));
    expect(retried.statusCode).toBe(201);
    expect(ids.has(retried.json().id)).toBe(true);
  });

  it('refuses a key reused for another request, and keeps the same key apart between people', async () => {
    expect((await create('reused', purchase('first body'))).statusCode).toBe(201);
    const other = await create('reused', purchase('second body'));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['Idempotency-Key']).toEqual(['This Idempotency-Key was already used for a different request: send a new key with a new request.']);
    expect(await countNotes('second body')).toBe(0);
    // Another person's key of the same name is theirs: their account is not this one, so 404, and nothing replayed.
    expect((await create('reused', purchase('first body'), otherToken)).statusCode).toBe(404);
  });

  it('refuses a malformed key, and lets a request refused for its body be sent again fixed', async () => {
    for (const key of ['', 'has space', 'x'.repeat(201)]) {
      const refused = await create(key, purchase('bad key'));
      expect(refused.statusCode, JSON.stringify(key)).toBe(422);
    }
    expect(await countNotes('bad key')).toBe(0);
    const wrong = await create('fix-me', { ...purchase('fixed later'), amount: -3 });
    expect(wrong.statusCode).toBe(422);
    const fixed = await create('fix-me', purchase('fixed later'));
    expect(fixed.statusCode).toBe(201);
    expect(await countNotes('fixed later')).toBe(1);
  });

  it('keeps an answer for 24 hours, then the key is free again', async () => {
    t.clock.set('2026-11-24T12:00:00Z');
    expect((await create('day-old', purchase('day one'))).statusCode).toBe(201);
    t.clock.set('2026-11-25T11:59:00Z');
    expect((await create('day-old', purchase('day one'))).headers['idempotent-replayed']).toBe('true');
    t.clock.set('2026-11-25T12:01:00Z');
    const later = await create('day-old', purchase('day one'));
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await countNotes('day one')).toBe(2);
    t.clock.set('2026-11-24T12:00:00Z');
  });
});
