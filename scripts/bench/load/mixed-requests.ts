// What one user of the mixed-load stage asks for, as plain request specs: the Lua script for wrk
// is rendered from these (wrk-lua.ts) and the stage's preflight sends each once with fetch, so
// both go through exactly the same requests.
import type { Feeling } from '@mindspend/domain';
import type { SeededUser } from '../seed/mixed-seed';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  /** JSON, for writes. */
  body?: string;
}

/** The reads a person makes while looking at the app; the load picks among them by weight. */
export interface UserReads {
  /** Each account's month: the ledger screen as it opens. */
  oneAccountMonth: RequestSpec[];
  allAccountsMonth: RequestSpec;
  budgetsMonth: RequestSpec;
  insights: RequestSpec;
}

export interface UserRequests {
  token: string;
  reads: UserReads;
  /**
   * Writes, taken in turn: a new transaction, an edit with PATCH, a bill month marked paid and
   * unpaid again, a budget's month amount changed back and forth. Each pair alternates between two
   * values so every write really changes a row (and so bumps the user's data revision).
   */
  writes: RequestSpec[];
}

/**
 * Percent of requests of each kind, summing to 100: nine reads in ten, mostly the ledger, and one
 * write in ten, the mix the issue asks for (issue 10, "measured as people use it").
 */
export const MIX = {
  oneAccountMonth: 35,
  allAccountsMonth: 20,
  budgetsMonth: 20,
  insights: 15,
  write: 10,
} as const;

/** `YYYY-MM` of the month `delta` months from month/year. */
function monthKey(year: number, month: number, delta: number): string {
  const index = year * 12 + (month - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const dollars = (cents: number) => cents / 100;

/** The requests of one seeded user; `today` is a UTC date, the users' time zone (offset 0). */
export function userRequests(user: SeededUser, today: Date): UserRequests {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  const date = today.toISOString().slice(0, 10);
  const monthPath = `month/${month}/year/${year}`;
  const [checking] = user.accountIds;
  const { editable } = user;
  const subcategory = user.expenseSubcategoryIds[user.userId % user.expenseSubcategoryIds.length]!;
  const write = (method: RequestSpec['method'], path: string, body: object): RequestSpec => ({
    method,
    path,
    body: JSON.stringify(body),
  });
  // PATCH sends the whole transaction: the committed server requires type, amount and date on
  // PATCH as on PUT; a server that changes only the fields sent takes the same body.
  const edit = (amountCents: number, feeling: Feeling) =>
    write('PATCH', `/api/transactions/${editable.id}`, {
      type: 'expense',
      amount: dollars(amountCents),
      date: editable.date,
      emotion_names: [feeling],
      subcategories: [{ id: editable.subcategoryId }],
    });
  const create = write('POST', `/api/accounts/${checking}/transactions`, {
    type: 'expense',
    amount: 12.34,
    date,
    description: 'Mixed load',
    emotion_names: ['positive'],
    subcategories: [{ id: subcategory }],
  });
  const bill = (paid: boolean) =>
    write('PATCH', `/api/budgets/${user.billId}`, { month, year, has_been_paid: paid });
  const budgetMonth = (amount: number) =>
    write('PATCH', `/api/budgets/${user.flexibleId}`, { month, year, amount });
  return {
    token: user.token,
    reads: {
      oneAccountMonth: user.accountIds.map((id) => ({
        method: 'GET',
        path: `/api/accounts/${id}/transactions/${monthPath}`,
      })),
      allAccountsMonth: { method: 'GET', path: `/api/accounts/transactions/${monthPath}` },
      budgetsMonth: { method: 'GET', path: `/api/budgets/${monthPath}` },
      insights: {
        method: 'GET',
        path: `/api/insights?from=${monthKey(year, month, -11)}&to=${monthKey(year, month, 0)}`,
      },
    },
    writes: [
      create,
      edit(editable.amountCents + 100, 'positive'),
      bill(true),
      budgetMonth(321),
      create,
      edit(editable.amountCents, 'negative'),
      bill(false),
      budgetMonth(123),
    ],
  };
}
