/**
 * Issue 27, DECISIONS.md #91: a statement's currency is read and must be its account's. A EUR
 * file goes into an account in EUR with its amounts as written; into an account in USD it is
 * refused with a message naming both currencies, and nothing is written (no transaction, no
 * payee, the job failed rather than half-done). A file that states no currency is the account's.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEventBus, type RealtimeEvent, memberChannel } from '../../lib/event-bus';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

const fixture = (name: string) => readFileSync(new URL(`../../../../../packages/domain/src/imports/fixtures/${name}`, import.meta.url));

interface Person {
  token: string;
  userId: number;
  bookId: number;
  accountId: number;
}

describe(`a statement's currency on ${TEST_DB}`, () => {
  let t: TestApp;
  const events = new LocalEventBus();
  let euro: Person;
  let dollar: Person;

  /** A person whose personal book (and so its accounts) keeps `currency`, with one account. */
  const personIn = async (email: string, currency: string): Promise<Person> => {
    const { token, userId, bookId } = await registerUser(t.app, email);
    const patched = await asUser(t.app, token, { method: 'PATCH', url: `/api/books/${bookId}`, payload: { base_currency: currency } });
    expect(patched.statusCode).toBe(200);
    return { token, userId, bookId, accountId: await createAccount(t.app, token) };
  };

  beforeAll(async () => {
    t = await createTestApp({}, { events });
    t.clock.set('2026-11-20T12:00:00Z');
    euro = await personIn('currency-euro@example.com', 'EUR');
    dollar = await personIn('currency-dollar@example.com', 'USD');
  });
  afterAll(() => t?.close());

  const count = async (table: 'transactions' | 'entities', bookId: number) =>
    Number(
      (await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('book_id', '=', bookId).executeTakeFirstOrThrow()).n,
    );
  /** The account's rows as stored: the amounts in hundredths of its currency (DECISIONS.md #88). */
  const stored = (person: Person) =>
    t.database.db
      .selectFrom('transactions')
      .innerJoin('entities', 'entities.id', 'transactions.entity_id')
      .select(['entities.name', 'transactions.type', 'transactions.amount_cents', 'transactions.date'])
      .where('transactions.account_id', '=', person.accountId)
      .orderBy('transactions.date')
      .execute();
  const storedJob = (id: unknown) =>
    t.database.db.selectFrom('import_jobs').select(['status', 'content', 'finished_at']).where('id', '=', Number(id)).executeTakeFirstOrThrow();

  /** Uploads a file the person's account must refuse, and checks nothing of it was written. */
  const refused = async (person: Person, file: string, name: string, type: string) => {
    const transactions = await count('transactions', person.bookId);
    const payees = await count('entities', person.bookId);
    const { response, job } = await uploadStatement(t.app, person.token, person.accountId, fixture(file), name, type);
    expect(response.statusCode).toBe(202);
    expect(job).toMatchObject({ status: 'failed', rows_imported: 0, needs_mapping: false });
    expect(await count('transactions', person.bookId)).toBe(transactions);
    expect(await count('entities', person.bookId)).toBe(payees);
    // Finished, not left queued or processing, and the file's text is not kept.
    expect(await storedJob(job?.id)).toMatchObject({ status: 'failed', content: '', finished_at: expect.any(String) });
    return String(job?.error);
  };

  it('imports a EUR OFX file into an account in EUR, amounts as written', async () => {
    const { job } = await uploadStatement(t.app, euro.token, euro.accountId, fixture('ofx-eur-curdef.ofx'), 'girokonto.ofx', 'application/x-ofx');
    expect(job).toMatchObject({ status: 'completed', rows_read: 2, rows_imported: 2, error: null });
    expect(await stored(euro)).toEqual([
      { name: 'REWE Markt Berlin', type: 'expense', amount_cents: 4280, date: '2026-10-06' },
      { name: 'ACME GmbH Gehalt', type: 'income', amount_cents: 215000, date: '2026-10-15' },
    ]);
  });

  it('refuses the same EUR file into an account in USD, naming both currencies, and writes nothing', async () => {
    const error = await refused(dollar, 'ofx-eur-curdef.ofx', 'girokonto.ofx', 'application/x-ofx');
    expect(error).toBe('This file is in EUR but Everyday Checking keeps USD. Import it into an account in EUR.');
    expect(await stored(dollar)).toEqual([]);
  });

  it('refuses a CAMT.053 statement in CHF into an account in USD', async () => {
    const error = await refused(dollar, 'camt053-chf-statement.xml', 'camt053.xml', 'text/xml');
    expect(error).toBe('This file is in CHF but Everyday Checking keeps USD. Import it into an account in CHF.');
  });

  it('refuses an OFX file whose transactions are in several currencies rather than guess', async () => {
    const error = await refused(dollar, 'ofx-mixed-transaction-currencies.ofx', 'card.ofx', 'application/x-ofx');
    expect(error).toMatch(/^This file mixes currencies: USD and EUR \(line 15 is in USD, line 30 in EUR\)\. Everyday Checking keeps USD/);
  });

  it('tells the uploader through the progress events too, which the import screen shows', async () => {
    const received: RealtimeEvent[] = [];
    const unsubscribe = events.subscribe(memberChannel(dollar.bookId, dollar.userId), (event) => received.push(event));
    try {
      await uploadStatement(t.app, dollar.token, dollar.accountId, fixture('ofx-eur-curdef.ofx'), 'girokonto.ofx', 'application/x-ofx');
    } finally {
      unsubscribe();
    }
    expect(received.at(-1)?.data).toMatchObject({ progress: 0, error: 'This file is in EUR but Everyday Checking keeps USD. Import it into an account in EUR.' });
  });

  it('reads the column the person mapped as the currency of a CSV: refused in USD, imported in EUR', async () => {
    const mapping = JSON.stringify({
      date: 'Buchungstag',
      date_format: 'DD.MM.YYYY',
      amount: 'Betrag',
      payee: 'Verwendungszweck',
      currency: 'Währung',
      decimal: ',',
      delimiter: ';',
    });
    const german = fixture('csv-semicolon-decimal-comma-needs-mapping.csv');
    const before = await count('transactions', dollar.bookId);
    const refusal = await uploadStatement(t.app, dollar.token, dollar.accountId, german, 'umsaetze.csv', 'text/csv', { mapping });
    expect(refusal.job).toMatchObject({
      status: 'failed',
      rows_imported: 0,
      error: 'This file is in EUR but Everyday Checking keeps USD. Import it into an account in EUR.',
    });
    expect(await count('transactions', dollar.bookId)).toBe(before);
    // A refused file's mapping is not remembered: the account would read the next such file the same wrong way.
    expect(await t.database.db.selectFrom('import_mappings').selectAll().where('account_id', '=', dollar.accountId).execute()).toEqual([]);

    const accepted = await uploadStatement(t.app, euro.token, euro.accountId, german, 'umsaetze.csv', 'text/csv', { mapping });
    expect(accepted.job).toMatchObject({ status: 'completed', rows_imported: 3 });
    expect((await stored(euro)).filter((row) => row.amount_cents === 5430)).toHaveLength(1);
  });

  it("imports a file that states no currency (CSV) as the account's, as before", async () => {
    const csv = 'Date,Description,Amount\n10/20/2026,BÄCKEREI MÜLLER,-3.80\n';
    const { job } = await uploadStatement(t.app, euro.token, euro.accountId, csv);
    expect(job).toMatchObject({ status: 'completed', rows_imported: 1 });
    expect((await stored(euro)).find((row) => row.amount_cents === 380)).toMatchObject({ type: 'expense', date: '2026-10-20' });
  });
});
