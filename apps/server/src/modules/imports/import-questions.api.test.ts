/**
 * The question an import asks when a statement's evidence disagrees (issue 34, DECISIONS.md #95):
 * the job stops before writing, the upload repeated with `confirm` goes on, and the answer is
 * remembered for the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_CARD, createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatementAsIs } from '../../test/uploads';

// A PayPal activity export: Gross is signed, and a card top-up's Type words say "debit".
const PAYPAL = [
  'Date,Time,Name,Type,Status,Currency,Gross,Fee,Net',
  '10/14/2026,09:00:00,Netflix,Recurring Payment Sent,Completed,USD,-20.00,0.00,-20.00',
  '10/14/2026,09:00:01,,Charge From Debit Card,Completed,USD,20.00,0.00,20.00',
  '10/20/2026,12:00:00,Spotify,Recurring Payment Sent,Completed,USD,-9.99,0.00,-9.99',
  '10/21/2026,08:00:00,Jamie Rivera,General Payment,Completed,USD,40.00,0.00,40.00',
].join('\n');

// A credit card export (csv2ofx's PC Mastercard sample's shape): purchases are positive.
const CARD = ['Date,Description,Amount', '10/15/2026,GROCERY OUTLET,54.20', '10/16/2026,SHELL OIL 57442,38.00', '10/17/2026,BLUE BOTTLE COFFEE,4.50'].join('\n');

// Monefy writes every date day first; this export's one date reads both ways.
const MONEFY = ['date,account,category,amount,currency,description', '06/12/2021,Cash,Food,-12.00,USD,Lunch', '06/12/2021,Cash,Gift,50.00,USD,Birthday'].join('\n');

describe(`import questions on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token } = await registerUser(t.app, 'import-questions@example.com'));
  });
  afterAll(() => t.close());

  const upload = (accountId: number, content: string, confirm?: string) =>
    uploadStatementAsIs(t.app, token, { accountId, content, fields: confirm === undefined ? {} : { confirm } });
  const signedAmounts = async (accountId: number) =>
    (
      await t.database.db
        .selectFrom('transactions')
        .select(['date', 'type', 'amount_cents'])
        .where('account_id', '=', accountId)
        .orderBy('date')
        .orderBy('id')
        .execute()
    ).map((row) => [row.date, row.type === 'expense' ? -row.amount_cents : row.amount_cents]);

  it('stops before writing a PayPal file whose type words disagree with its signs, and asks with rows previewed each way', async () => {
    const accountId = await createAccount(t.app, token, { name: 'PayPal' });
    const { response, job } = await upload(accountId, PAYPAL);
    expect(response.statusCode).toBe(202);
    expect(job).toMatchObject({ status: 'failed', needs_confirmation: true, needs_mapping: false, rows_imported: 0 });
    expect(job?.error).toContain('Which way do this file\'s amounts go?');
    const question = job?.question as { kind: string; suggested: string; options: Array<{ value: string; preview: Array<{ line: number; amount: number; type: string }> }> };
    expect(question.kind).toBe('sign');
    expect(question.suggested).toBe('negative-is-expense');
    expect(question.options.map((option) => option.value)).toEqual(['negative-is-expense', 'positive-is-expense']);
    expect(question.options[0]?.preview).toEqual([
      { line: 2, date: '2026-10-14', payee: 'Netflix', amount: 20, type: 'expense' },
      { line: 3, date: '2026-10-14', payee: '', amount: 20, type: 'income' },
      { line: 5, date: '2026-10-21', payee: 'Jamie Rivera', amount: 40, type: 'income' },
    ]);
    expect(await signedAmounts(accountId)).toEqual([]);
  });

  it('goes on with the answer, keeping every sign as written, and remembers it for the account', async () => {
    const accountId = await createAccount(t.app, token, { name: 'PayPal 2' });
    await upload(accountId, PAYPAL);
    const answered = await upload(accountId, PAYPAL, 'negative-is-expense');
    expect(answered.job).toMatchObject({ status: 'completed', rows_imported: 4, needs_confirmation: false, question: null });
    expect(await signedAmounts(accountId)).toEqual([
      ['2026-10-14', -2000],
      ['2026-10-14', 2000],
      ['2026-10-20', -999],
      ['2026-10-21', 4000],
    ]);
    // The next export of the same account is read the same way without asking.
    const next = await upload(accountId, `${PAYPAL}\n10/28/2026,09:00:00,Netflix,Recurring Payment Sent,Completed,USD,-20.00,0.00,-20.00`);
    expect(next.job).toMatchObject({ status: 'completed', rows_imported: 1, duplicates_skipped: 4 });
    expect((await signedAmounts(accountId)).at(-1)).toEqual(['2026-10-28', -2000]);
  });

  it('asks about positive-only amounts in a credit card account, suggesting purchases, and imports them as expenses', async () => {
    const card = await createAccount(t.app, token, { name: 'Mastercard', account_type_id: CREDIT_CARD });
    const asked = await upload(card, CARD);
    expect(asked.job).toMatchObject({ status: 'failed', needs_confirmation: true, question: { kind: 'sign', suggested: 'positive-is-expense' } });
    const answered = await upload(card, CARD, 'positive-is-expense');
    expect(answered.job).toMatchObject({ status: 'completed', rows_imported: 3 });
    expect(await signedAmounts(card)).toEqual([
      ['2026-10-15', -5420],
      ['2026-10-16', -3800],
      ['2026-10-17', -450],
    ]);
    // In a checking account the same file is deposits: read so, without a question.
    const checking = await createAccount(t.app, token, { name: 'Checking' });
    expect((await upload(checking, CARD)).job).toMatchObject({ status: 'completed', rows_imported: 3 });
  });

  it('asks which way dates read when every date reads two ways, and reads them as answered', async () => {
    const accountId = await createAccount(t.app, token, { name: 'Monefy' });
    const asked = await upload(accountId, MONEFY);
    const question = asked.job?.question as { kind: string; options: Array<{ value: string; preview: Array<{ date: string }> }> };
    expect(question.kind).toBe('date_order');
    expect(question.options.map((option) => [option.value, option.preview[0]?.date])).toEqual([
      ['month-first', '2021-06-12'],
      ['day-first', '2021-12-06'],
    ]);
    const answered = await upload(accountId, MONEFY, 'day-first');
    expect(answered.job).toMatchObject({ status: 'completed', rows_imported: 2 });
    expect(await signedAmounts(accountId)).toEqual([
      ['2021-12-06', -1200],
      ['2021-12-06', 5000],
    ]);
  });

  it('answers 422 for an answer that is not offered, and queues nothing', async () => {
    const accountId = await createAccount(t.app, token, { name: 'Bad answers' });
    for (const confirm of ['sideways', '', 'month-first,upside-down', 'x'.repeat(500)]) {
      const { response, job } = await upload(accountId, PAYPAL, confirm);
      expect(response.statusCode, confirm).toBe(422);
      expect(response.json().errors.confirm.length).toBeGreaterThan(0);
      expect(job).toBeNull();
    }
    const jobs = await t.database.db.selectFrom('import_jobs').select('id').where('account_id', '=', accountId).execute();
    expect(jobs).toEqual([]);
  });

  it('keeps remembered answers to the account they were given for', async () => {
    const first = await createAccount(t.app, token, { name: 'First card', account_type_id: CREDIT_CARD });
    const second = await createAccount(t.app, token, { name: 'Second card', account_type_id: CREDIT_CARD });
    await upload(first, CARD, 'positive-is-expense');
    expect((await upload(second, CARD)).job).toMatchObject({ status: 'failed', needs_confirmation: true });
    const remembered = await asUser(t.app, token, { method: 'GET', url: `/api/accounts/${second}/transactions/month/10/year/2026` });
    expect(remembered.json()).toEqual([]);
  });
});
