import 'fake-indexeddb/auto';
import type { Transaction } from '@mindspend/api-contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../lib/api-client';
import { chooseBook } from '../../../lib/book';
import { endSession, startSession } from '../../../lib/session';
import { testUser } from '../../../lib/test-user';
import { emptyTransactionForm } from '../transaction-form';
import { closeEntryStore, entriesOf } from './entry-store';
import { outcomeOf } from './send-entries';
import { discardEntry, keepForLater, sendWaiting } from './waiting-entries';

const ADA = testUser({ id: 7 });
const GRACE = testUser({ id: 8, email: 'grace@example.com' });

/** A transaction answer the contract accepts, for the account and amount sent. */
function created(accountId: number, amount: number): Transaction {
  return {
    id: 100 + amount,
    account_id: accountId,
    amount,
    type: 'expense',
    entity: null,
    entity_id: null,
    payee: null,
    description: null,
    notes: null,
    payment_method: null,
    purpose: null,
    emotions: ['negative'],
    emotion_names: ['negative'],
    second_feeling: null,
    feelings_by_member: [],
    date: '2026-11-28',
    date_short: 'Nov 28',
    date_js: '2026-11-28T00:00:00.000Z',
    day_of_week: 'Saturday',
    date_month: 11,
    date_day: 28,
    credit_amount: amount,
    debit_amount: null,
    absolute_value_amount: amount,
    pending: 0,
    transaction_category_id: null,
    subcategories: [],
    transfer_id: null,
    transfer_account: null,
    currency: 'USD',
    base_amount: amount,
    fx_rate: null,
    fx_date: null,
    regret_warning: null,
  };
}

async function keep(key: string, amount: number, accountId = 3): Promise<void> {
  await keepForLater({
    key,
    accountId,
    body: { type: 'expense', amount, date: '2026-11-28', emotion_names: ['negative'] },
    shown: { payee: 'Corner Bar', amount: `$${amount}.00`, account: 'Checking', feeling: 'negative' },
    form: emptyTransactionForm('2026-11-28'),
  });
}

interface Sent {
  url: string;
  key: string | null;
  book: string | null;
  amount: number;
}

/** The server as `answer` says, recording each request the sender makes. */
function server(answer: (sent: Sent) => Response | 'offline'): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      const request: Sent = {
        url,
        key: headers.get('Idempotency-Key'),
        book: headers.get('Mindspend-Book'),
        amount: (JSON.parse(String(init.body)) as { amount: number }).amount,
      };
      sent.push(request);
      const response = answer(request);
      if (response === 'offline') throw new TypeError('Failed to fetch');
      return response;
    }),
  );
  return sent;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('transactions kept on the device while offline', () => {
  beforeEach(() => {
    localStorage.clear();
    startSession('token-ada', ADA, true);
  });

  afterEach(async () => {
    for (const user of [ADA, GRACE]) for (const entry of await entriesOf(user.id)) await discardEntry(entry.key);
    await closeEntryStore();
    endSession();
    vi.unstubAllGlobals();
  });

  it('sends them oldest first, each with its own Idempotency-Key, and forgets them once saved', async () => {
    await keep('entry-a', 12);
    await keep('entry-b', 30);
    const sent = server((request) => json(201, created(3, request.amount)));

    expect(await sendWaiting()).toEqual({ sent: 2, refused: 0, waiting: 0 });
    expect(sent.map((request) => [request.url, request.key, request.amount])).toEqual([
      ['/api/accounts/3/transactions', 'entry-a', 12],
      ['/api/accounts/3/transactions', 'entry-b', 30],
    ]);
    expect(await entriesOf(ADA.id)).toEqual([]);
  });

  it('keeps everything when the connection is still down, and sends it all later with the same keys', async () => {
    await keep('entry-a', 12);
    await keep('entry-b', 30);
    server(() => 'offline');
    expect(await sendWaiting()).toEqual({ sent: 0, refused: 0, waiting: 2 });
    expect((await entriesOf(ADA.id)).map((entry) => entry.key)).toEqual(['entry-a', 'entry-b']);

    const sent = server((request) => json(201, created(3, request.amount)));
    expect(await sendWaiting()).toEqual({ sent: 2, refused: 0, waiting: 0 });
    expect(sent.map((request) => request.key)).toEqual(['entry-a', 'entry-b']);
  });

  it('keeps a refused entry with the server\'s words, sends the rest, and never sends the refused one again', async () => {
    await keep('entry-gone', 12, 99);
    await keep('entry-ok', 30);
    server((request) =>
      request.url.includes('/accounts/99/') ? json(404, { message: 'The account does not exist.' }) : json(201, created(3, request.amount)),
    );

    expect(await sendWaiting()).toEqual({ sent: 1, refused: 1, waiting: 0 });
    const kept = await entriesOf(ADA.id);
    expect(kept.map((entry) => [entry.key, entry.refused])).toEqual([['entry-gone', ['The account does not exist.']]]);

    const again = server((request) => json(201, created(3, request.amount)));
    expect(await sendWaiting()).toEqual({ sent: 0, refused: 0, waiting: 0 });
    expect(again).toEqual([]);
  });

  it('sends an entry to the book it was typed in, whichever book is chosen later', async () => {
    chooseBook(5);
    await keep('entry-household', 12);
    chooseBook(null);
    await keep('entry-personal', 30);
    const sent = server((request) => json(201, created(3, request.amount)));
    await sendWaiting();
    expect(sent.map((request) => [request.key, request.book])).toEqual([
      ['entry-household', '5'],
      ['entry-personal', null],
    ]);
  });

  it("never sends or shows another person's entries on this device", async () => {
    await keep('entry-ada', 12);
    endSession();
    startSession('token-grace', GRACE, true);
    const sent = server((request) => json(201, created(3, request.amount)));
    expect(await sendWaiting()).toEqual({ sent: 0, refused: 0, waiting: 0 });
    expect(sent).toEqual([]);
    expect((await entriesOf(ADA.id)).map((entry) => entry.key)).toEqual(['entry-ada']);
  });
});

describe('what an answer means for a waiting entry', () => {
  it('stops on no connection, a signed-out session, a busy or failing server; waits on a key in flight; keeps a refusal', () => {
    expect(outcomeOf(new NetworkError('POST'))).toEqual({ kind: 'stop' });
    const apiError = async (status: number, body: unknown) => {
      const { ApiError } = await import('../../../lib/api-client');
      return new ApiError(status, body);
    };
    return Promise.all([
      apiError(401, { message: 'Unauthenticated.' }).then((error) => expect(outcomeOf(error)).toEqual({ kind: 'stop' })),
      apiError(429, { message: 'Too many requests.' }).then((error) => expect(outcomeOf(error)).toEqual({ kind: 'stop' })),
      apiError(503, { message: 'Unavailable.' }).then((error) => expect(outcomeOf(error)).toEqual({ kind: 'stop' })),
      apiError(409, { message: 'In flight.' }).then((error) => expect(outcomeOf(error)).toEqual({ kind: 'later' })),
      apiError(422, { message: 'The given data was invalid.', errors: { amount: ['The amount must be at least 0.01.'] } }).then((error) =>
        expect(outcomeOf(error)).toMatchObject({ kind: 'refused' }),
      ),
    ]);
  });
});
