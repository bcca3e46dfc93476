import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Note = { id: number; title: string; read_at: string | null };

describe(`notifications read on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-24T09:00:00Z');
  });
  afterAll(() => t.close());

  const list = async (token: string) => (await asUser(t.app, token, { method: 'GET', url: '/api/notifications' })).json<{ notifications: Note[] }>().notifications;
  const markRead = (token: string, payload: unknown) => asUser(t.app, token, { method: 'POST', url: '/api/notifications/read', payload: payload as object });
  const changePassword = (token: string, from: string, to: string) =>
    asUser(t.app, token, {
      method: 'POST',
      url: '/api/users/change-password',
      payload: { current_password: from, new_password: to, new_password_confirmation: to },
    });

  it('marks the notices seen read, keeps one that came after unread, and touches no one else\'s', async () => {
    const { token } = await registerUser(t.app, 'bell@example.com');
    const { token: other } = await registerUser(t.app, 'bell-other@example.com');
    const [welcome] = await list(token);
    await changePassword(token, STRONG_PASSWORD, 'Secret999');

    const response = await markRead(token, { up_to_id: welcome!.id });
    expect(response.statusCode).toBe(204);
    const notes = await list(token);
    expect(notes.map((note) => [note.title, note.read_at])).toEqual([
      ['Password changed', null],
      ['Welcome to Mindspend', '2026-11-24T09:00:00.000Z'],
    ]);
    // Their welcome has a higher id than this user's, and stays unread whatever id is sent.
    expect(await markRead(token, { up_to_id: 2 ** 31 - 1 })).toMatchObject({ statusCode: 204 });
    expect((await list(other)).every((note) => note.read_at === null)).toBe(true);
    expect((await list(token)).every((note) => note.read_at !== null)).toBe(true);
  });

  it('keeps the time a notice was first read', async () => {
    const { token } = await registerUser(t.app, 'bell-twice@example.com');
    const [welcome] = await list(token);
    await markRead(token, { up_to_id: welcome!.id });
    t.clock.set('2026-11-25T09:00:00Z');
    await markRead(token, { up_to_id: welcome!.id });
    expect((await list(token))[0]?.read_at).toBe('2026-11-24T09:00:00.000Z');
    t.clock.set('2026-11-24T09:00:00Z');
  });

  it('refuses a missing or impossible notification id with a message naming the field, and changes nothing', async () => {
    const { token } = await registerUser(t.app, 'bell-bad@example.com');
    const cases: Array<[unknown, string]> = [
      [{}, 'The up to id field is required.'],
      [{ up_to_id: 'all' }, 'The up to id field must be a number.'],
      [{ up_to_id: 0 }, 'The up to id field must be at least 1.'],
      [{ up_to_id: 1.5 }, 'The up to id field must be an integer.'],
      [{ up_to_id: 2 ** 31 }, 'The up to id field must not be greater than 2147483647.'],
    ];
    for (const [payload, message] of cases) {
      const response = await markRead(token, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.up_to_id).toEqual([message]);
    }
    expect((await list(token)).every((note) => note.read_at === null)).toBe(true);
    expect((await asUser(t.app, 'not-a-token', { method: 'POST', url: '/api/notifications/read', payload: { up_to_id: 1 } })).statusCode).toBe(401);
  });
});
