/**
 * The person's time zone (issue 27; DECISIONS.md #85): an IANA zone taken at sign-up, shown and
 * changed on the user, and every "today" computed in it, daylight saving time included.
 */
import { TIME_ZONE_UNKNOWN } from '@mindspend/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { register } from '../../test/fixtures';
import { subcategoryIds } from '../../test/ledger-fixtures';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp } from '../../test/test-app';

interface UserBody {
  id: number;
  time_zone: string;
  timezone: number;
}

describe(`time zones on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.clock.set('2026-07-01T12:00:00Z'));
  afterAll(() => t?.close());

  async function signUp(email: string, zone: Record<string, unknown>) {
    const response = await register(t.app, {
      email,
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
      ...zone,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ api_token: string; user: UserBody }>();
  }

  const me = async (token: string) =>
    (await asUser(t.app, token, { method: 'GET', url: '/api/user' })).json<{ user: UserBody }>().user;
  const today = async (token: string) =>
    (await asUser(t.app, token, { method: 'GET', url: '/api/month' })).json<{ date: string }>().date;
  const stored = (email: string) =>
    t.database.db
      .selectFrom('users')
      .select(['time_zone', 'timezone'])
      .where('email', '=', email)
      .executeTakeFirst();

  describe('at sign-up', () => {
    it("keeps the browser's zone, and shows older clients the offset it has at the time", async () => {
      const { api_token: token, user } = await signUp('la@example.com', {
        time_zone: 'America/Los_Angeles',
        timezone: -7,
      });
      expect(user).toMatchObject({ time_zone: 'America/Los_Angeles', timezone: -7 });
      t.clock.set('2026-12-01T12:00:00Z');
      expect(await me(token)).toMatchObject({ time_zone: 'America/Los_Angeles', timezone: -8 });
    });

    it('spells a zone as the zone database does', async () => {
      const { user } = await signUp('berlin@example.com', { time_zone: 'europe/berlin' });
      expect(user.time_zone).toBe('Europe/Berlin');
    });

    it('still takes the older offset alone, as the zone that keeps it (Etc zones count the other way)', async () => {
      const { user } = await signUp('offset@example.com', { timezone: -5 });
      expect(user).toMatchObject({ time_zone: 'Etc/GMT+5', timezone: -5 });
      expect((await signUp('nothing@example.com', {})).user).toMatchObject({ time_zone: 'UTC', timezone: 0 });
    });

    it('refuses an unknown zone with a 422 naming the field, and makes no account', async () => {
      for (const [n, zone] of ['Mars/Olympus', '+05:30', 'America/Los Angeles', ''].entries()) {
        const email = `unknown-zone-${n}@example.com`;
        const response = await register(t.app, {
          email,
          password: STRONG_PASSWORD,
          password_confirmation: STRONG_PASSWORD,
          time_zone: zone,
        });
        expect(response.statusCode, zone).toBe(422);
        expect(response.json<{ errors: Record<string, string[]> }>().errors, zone).toEqual({
          time_zone: [TIME_ZONE_UNKNOWN],
        });
        expect(await stored(email), zone).toBeUndefined();
      }
    });
  });

  describe('PATCH /users/:id', () => {
    it('changes the zone, and writes its offset beside it for processes of older code', async () => {
      const { api_token: token, user } = await signUp('mover@example.com', { time_zone: 'America/New_York' });
      const response = await asUser(t.app, token, {
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        payload: { time_zone: 'Asia/Kolkata' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ user: UserBody }>().user).toMatchObject({
        time_zone: 'Asia/Kolkata',
        timezone: 5.5,
      });
      expect(await me(token)).toMatchObject({ time_zone: 'Asia/Kolkata' });
      expect(await stored('mover@example.com')).toEqual({ time_zone: 'Asia/Kolkata', timezone: 5.5 });
      // An older client's offset is taken too; a zone sent beside it wins.
      await asUser(t.app, token, { method: 'PATCH', url: `/api/users/${user.id}`, payload: { timezone: 3 } });
      expect((await me(token)).time_zone).toBe('Etc/GMT-3');
      await asUser(t.app, token, {
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        payload: { timezone: 3, time_zone: 'Europe/Berlin' },
      });
      expect((await me(token)).time_zone).toBe('Europe/Berlin');
    });

    it('refuses an unknown zone with a 422 naming the field, changing nothing', async () => {
      const { api_token: token, user } = await signUp('stayer@example.com', { time_zone: 'Europe/Berlin' });
      const response = await asUser(t.app, token, {
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        payload: { time_zone: 'Atlantis/Capital', first_name: 'Ada' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        time_zone: [TIME_ZONE_UNKNOWN],
      });
      expect(await me(token)).toMatchObject({ time_zone: 'Europe/Berlin' });
      expect(await stored('stayer@example.com')).toMatchObject({ time_zone: 'Europe/Berlin' });
    });
  });

  describe('across a daylight-saving change', () => {
    // 07:30 UTC on November 1, 2026 is 00:30 PDT in Los Angeles: November has begun there, while
    // the fixed −8 of the winter offset (what the old code kept all year) still said October 31.
    const NOV_1_0030_PDT = '2026-11-01T07:30:00Z';

    it('lands the person in November with the zone, where the fixed offset kept them in October', async () => {
      const zoned = await signUp('zoned@example.com', { time_zone: 'America/Los_Angeles' });
      const fixed = await signUp('fixed@example.com', { timezone: -8 });
      t.clock.set(NOV_1_0030_PDT);
      expect(await today(zoned.api_token)).toBe('2026-11-01');
      expect(await today(fixed.api_token)).toBe('2026-10-31');
    });

    it('keeps the person in February where a summer offset had moved them to March', async () => {
      const zoned = await signUp('zoned-winter@example.com', { time_zone: 'America/Los_Angeles' });
      const summer = await signUp('summer-offset@example.com', { timezone: -7 });
      // 23:30 PST on February 28; the −7 taken at a sign-up in summer said 00:30 on March 1.
      t.clock.set('2026-03-01T07:30:00Z');
      expect(await today(zoned.api_token)).toBe('2026-02-28');
      expect(await today(summer.api_token)).toBe('2026-03-01');
    });

    it("makes a bill due on the 1st Due today on the budgets page, on the person's own November 1", async () => {
      const zoned = await signUp('zoned-bill@example.com', { time_zone: 'America/Los_Angeles' });
      const fixed = await signUp('fixed-bill@example.com', { timezone: -8 });
      t.clock.set(NOV_1_0030_PDT);
      const statuses: string[] = [];
      for (const { api_token: token } of [zoned, fixed]) {
        const ids = await subcategoryIds(t.app, token);
        const created = await asUser(t.app, token, {
          method: 'POST',
          url: '/api/budgets',
          payload: {
            transaction_subcategory_id: ids.Rent,
            due_in_full: 1,
            amount: 1500,
            repeat_start: '2026-11-01',
            start_day: 1,
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        const page = await asUser(t.app, token, { method: 'GET', url: '/api/budgets/month/11/year/2026' });
        const rent = page
          .json<{ budgets: { display_name: string; status: string }[] }>()
          .budgets.find((budget) => budget.display_name === 'Rent');
        statuses.push(rent?.status ?? 'missing');
      }
      // For the fixed offset it is still October 31: November has not begun, nothing is due yet.
      expect(statuses).toEqual(['Due today', 'PENDING']);
    });
  });
});
