import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Goal } from '@mindspend/api-contract';
import { AnswerMismatchError } from './answer-check';
import { ApiError } from './api-client';
import { callApi, routeUrl, type PathParams } from './api-routes';
import { endSession, startSession } from './session';
import { testUser } from './test-user';

type FetchArgs = [string, RequestInit];

function answer(status: number, body?: unknown): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.at(-1) as FetchArgs;

const goal: Goal = {
  id: 3, name: 'Bike', target_amount: 500, target_date: '2027-06-30', saved_amount: 120, account_id: null, saved: 120,
  monthly_needed: 48, months_left: 8, progress_percent: 24,
};

describe('calling the API by route name (issue 26)', () => {
  beforeEach(() => {
    localStorage.clear();
    endSession();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('builds the URL from the route table: encoded parameters, then the defined query values in order', () => {
    expect(routeUrl('listAccounts')).toBe('/api/accounts');
    expect(routeUrl('updateBookMember', { params: { id: 4, userId: 9 } })).toBe('/api/books/4/members/9');
    expect(routeUrl('getInvitation', { params: { token: 'a/b c' } })).toBe('/api/invitations/a%2Fb%20c');
    expect(routeUrl('searchBudgets', { query: { query: 'rent & food', month: 3, year: 2026 } })).toBe(
      '/api/budgets/search?query=rent%20%26%20food&month=3&year=2026',
    );
    expect(routeUrl('suggestFeeling', { query: { entity_id: null, subcategory_id: 7 } })).toBe('/api/suggestions/feeling?subcategory_id=7');
    // @ts-expect-error: the compiler asks for the id too
    expect(() => routeUrl('getAccount')).toThrow('getAccount: no value for the path parameter id');
  });

  it('types the parameters from the path template', () => {
    expectTypeOf<PathParams<'/api/books/:id/members/:userId'>>().toEqualTypeOf<{ readonly id: number | string; readonly userId: number | string }>();
    expectTypeOf<keyof PathParams<'/api/accounts'>>().toEqualTypeOf<never>();
    // Never called: the compiler checks what a call must carry.
    const _wrongCalls = () => [
      // @ts-expect-error: getAccount's path needs its id
      callApi('getAccount'),
      // @ts-expect-error: the parameter is named after the path's `:id`
      callApi('getAccount', { params: { accountId: 1 } }),
      // @ts-expect-error: a file download is not a JSON call
      callApi('exportBackup'),
      // @ts-expect-error: createGoal's body is the contract's
      callApi('createGoal', { body: { title: 'Bike' } }),
    ];
  });

  it('sends the route’s method with its JSON body and the session’s token, and resolves with the answer', async () => {
    startSession('secret-token', testUser(), true);
    const fetchMock = answer(200, goal);
    const updated = await callApi('updateGoal', { params: { id: 3 }, body: { name: 'Bike' } });
    expectTypeOf(updated).toEqualTypeOf<Goal>();
    expect(updated).toEqual(goal);
    const [url, init] = sent(fetchMock);
    expect(url).toBe('/api/goals/3');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe(JSON.stringify({ name: 'Bike' }));
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
  });

  it('sends `{}` with a POST that has nothing to say, as the client always did, and resolves a 204 with nothing', async () => {
    const fetchMock = answer(204);
    await expect(callApi('logout', { token: 'old-token' })).resolves.toBeNull();
    expect(sent(fetchMock)[1].body).toBe('{}');
  });

  it('refuses, in tests, an answer that does not match the route’s schema, naming the route', async () => {
    answer(200, { ...goal, name: 42 });
    const failure = callApi('listGoals');
    await expect(failure).rejects.toBeInstanceOf(AnswerMismatchError);
    await expect(failure).rejects.toThrow(/listGoals \(GET \/api\/goals\) does not match the API contract: \(the answer\): /);
    answer(200, { ...goal, name: 42 });
    await expect(callApi('createGoal', { body: { name: 'Bike', target_amount: 500 } })).rejects.toThrow(
      /createGoal \(POST \/api\/goals\) does not match the API contract: name: /,
    );
  });

  it('refuses a body where the route answers no content', async () => {
    answer(200, { ok: true });
    await expect(callApi('deleteGoal', { params: { id: 3 } })).rejects.toThrow('deleteGoal (DELETE /api/goals/:id) does not match the API contract: expected no content (204)');
  });

  it('still turns a failed request into ApiError, before any answer check', async () => {
    answer(404, { message: 'Not found.' });
    await expect(callApi('listGoals')).rejects.toBeInstanceOf(ApiError);
  });
});
