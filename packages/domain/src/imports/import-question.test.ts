import { describe, expect, it } from 'vitest';
import { parseCsvStatement } from './csv-statement';
import { dedupeKeys } from './dedupe';
import { questionOf } from './fixtures/question-of';
import { toImportAnswers } from './import-question';

const signed = (rows: ReturnType<typeof parseCsvStatement>['rows']) => rows.map((r) => (r.type === 'expense' ? -r.amountCents : r.amountCents));

// A PayPal activity export: Gross is signed, and the Type words of a card top-up say "debit".
const PAYPAL =
  'Date,Time,Name,Type,Status,Currency,Gross,Fee,Net\n' +
  '10/14/2026,09:00:00,Netflix,Recurring Payment Sent,Completed,USD,-20.00,0.00,-20.00\n' +
  '10/14/2026,09:00:01,,Charge From Debit Card,Completed,USD,20.00,0.00,20.00\n' +
  '10/20/2026,12:00:00,Spotify,Recurring Payment Sent,Completed,USD,-9.99,0.00,-9.99\n' +
  '10/21/2026,08:00:00,Jamie Rivera,General Payment,Completed,USD,40.00,0.00,40.00\n';

describe('the sign question: signed amounts are never turned around by words', () => {
  it('asks about a PayPal file whose type words say the opposite of its signs, previewing rows each way', () => {
    const question = questionOf(() => parseCsvStatement(PAYPAL));
    expect(question.kind).toBe('sign');
    expect(question.suggested).toBe('negative-is-expense');
    expect(question.text).toContain('line 3: "Charge From Debit Card" with +20.00');
    const [bank, card] = question.options;
    expect(bank?.value).toBe('negative-is-expense');
    expect(bank?.preview.map((row) => [row.line, row.type])).toEqual([[2, 'expense'], [3, 'income'], [5, 'income']]);
    expect(card?.preview.map((row) => [row.line, row.type])).toEqual([[2, 'income'], [3, 'expense'], [5, 'expense']]);
    expect(bank?.preview[0]).toMatchObject({ date: '2026-10-14', payee: 'Netflix', amountCents: 2000 });
  });

  it('reads the file as answered: payments sent are expenses, as their signs say', () => {
    const parsed = parseCsvStatement(PAYPAL, { answers: { sign: 'negative-is-expense' } });
    expect(signed(parsed.rows)).toEqual([-2000, 2000, -999, 4000]);
  });

  it('asks about positive-only amounts in a credit card account, suggesting purchases', () => {
    const card = 'Date,Description,Amount\n10/14/2026,GROCERY OUTLET,54.20\n10/15/2026,SHELL OIL,38.00\n10/16/2026,CAFE,4.50\n10/17/2026,BOOKS,12.00\n';
    expect(questionOf(() => parseCsvStatement(card, { cardAccount: true }))).toMatchObject({ kind: 'sign', suggested: 'positive-is-expense' });
    expect(signed(parseCsvStatement(card, { cardAccount: true, answers: { sign: 'positive-is-expense' } }).rows)).toEqual([-5420, -3800, -450, -1200]);
    // In a savings account, deposits are positive: read as income without a question.
    expect(signed(parseCsvStatement(card).rows)).toEqual([5420, 3800, 450, 1200]);
  });

  it('asks when most amounts of a credit card file are positive and no word tells', () => {
    const card = 'Date,Description,Amount\n10/14/2026,GROCERY OUTLET,54.20\n10/15/2026,SHELL OIL,38.00\n10/16/2026,PAYMENT THANK YOU,-500.00\n';
    expect(questionOf(() => parseCsvStatement(card, { cardAccount: true }))).toMatchObject({ kind: 'sign', suggested: 'positive-is-expense' });
  });

  it('asks nothing where the evidence agrees: a bank file, or a Chase card file where a Sale is negative', () => {
    expect(signed(parseCsvStatement('Date,Description,Amount\n10/14/2026,A,-5.00\n10/15/2026,B,100.00\n').rows)).toEqual([-500, 10000]);
    const chase = 'Transaction Date,Description,Type,Amount\n01/23/2026,STARBUCKS,Sale,-5.75\n01/25/2026,PAYMENT,Payment,300.00\n';
    expect(signed(parseCsvStatement(chase, { cardAccount: true }).rows)).toEqual([-575, 30000]);
  });
});

describe('answers settle questions, never evidence', () => {
  it('leaves a file whose signs and words agree as they are, whatever answer the account remembers', () => {
    const bank = 'Date,Description,Amount\n10/14/2026,GROCERY OUTLET,-54.20\n10/15/2026,PAYROLL,1500.00\n';
    expect(signed(parseCsvStatement(bank, { answers: { sign: 'positive-is-expense' } }).rows)).toEqual([-5420, 150000]);
  });

  it('reads dates that say their order that way, whatever answer the account remembers', () => {
    const us = 'Date,Description,Amount\n06/12/2021,A,-1\n06/13/2021,B,-1\n';
    expect(parseCsvStatement(us, { answers: { date_order: 'day-first' } }).rows.map((r) => r.date)).toEqual(['2021-06-12', '2021-06-13']);
  });
});

describe('the date question', () => {
  // Monefy writes every date day first; this export has one date only.
  const MONEFY = 'date,account,category,amount,currency,description\n06/12/2021,Cash,Food,-12.00,EUR,Lunch\n06/12/2021,Cash,Gift,50.00,EUR,Birthday\n';

  it('asks when every date reads two ways, previewing both readings', () => {
    const question = questionOf(() => parseCsvStatement(MONEFY));
    expect(question.kind).toBe('date_order');
    expect(question.text).toContain('"06/12/2021"');
    expect(question.options.map((option) => [option.value, option.preview[0]?.date])).toEqual([
      ['month-first', '2021-06-12'],
      ['day-first', '2021-12-06'],
    ]);
  });

  it('reads the dates as answered', () => {
    expect(parseCsvStatement(MONEFY, { answers: { date_order: 'day-first' } }).rows.map((r) => r.date)).toEqual(['2021-12-06', '2021-12-06']);
  });

  it('reads a column whose dates say their order without asking, either way', () => {
    expect(parseCsvStatement('Date,Description,Amount\n06/12/2021,A,-1\n06/13/2021,B,-1\n').rows.map((r) => r.date)).toEqual(['2021-06-12', '2021-06-13']);
    expect(parseCsvStatement('Date,Description,Amount\n06/12/2021,A,-1\n13/12/2021,B,-1\n').rows.map((r) => r.date)).toEqual(['2021-12-06', '2021-12-13']);
    // 05/05 reads the same both ways: nothing to ask.
    expect(parseCsvStatement('Date,Description,Amount\n05/05/2021,A,-1\n').rows.map((r) => r.date)).toEqual(['2021-05-05']);
  });

  it('refuses a column that says both ways, naming the line', () => {
    expect(() => parseCsvStatement('Date,Description,Amount\n06/13/2021,A,-1\n13/06/2021,B,-1\n')).toThrow(/^Line 3: "13\/06\/2021" is a day-first date/);
  });

  it('asks the date question before the sign question, and answers settle both', () => {
    const file = 'Date,Description,Amount\n10/02/2026,GROCERY,54.20\n10/03/2026,CAFE,4.50\n';
    expect(questionOf(() => parseCsvStatement(file, { cardAccount: true })).kind).toBe('date_order');
    const answers = toImportAnswers(['day-first']);
    expect(questionOf(() => parseCsvStatement(file, { cardAccount: true, answers })).kind).toBe('sign');
    const both = toImportAnswers(['day-first', 'positive-is-expense']);
    expect(parseCsvStatement(file, { cardAccount: true, answers: both }).rows.map((r) => [r.date, r.type])).toEqual([
      ['2026-02-10', 'expense'],
      ['2026-03-10', 'expense'],
    ]);
  });
});

describe('one FITID on two different transactions', () => {
  const row = (fitId: string, amountCents: number, date = '2026-10-14') => ({ date, amountCents, type: 'expense' as const, payee: 'ALLY', fitId });

  it('keys both rows apart, the first as every earlier import did', () => {
    expect(dedupeKeys([row('A1', 5500), row('A1', 100000), row('B2', 700)])).toEqual(['fitid|A1', 'fitid|A1|2026-10-14|100000|expense', 'fitid|B2']);
  });

  it('gives a row repeated with the same date and amount the same key (the bank listed it twice)', () => {
    const [first, second] = dedupeKeys([row('A1', 5500), row('A1', 5500)]);
    expect(second).toBe(first);
  });
});
