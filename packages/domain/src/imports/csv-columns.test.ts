import { describe, expect, it } from 'vitest';
import { findColumns } from './csv-columns';
import { readCsv } from './csv-reader';
import { fixtureBytes } from './fixtures/read-fixture';
import { decodeStatementBytes } from './statement-encoding';

const columnsOf = (text: string, delimiter: ',' | ';' = ',') => findColumns(readCsv(text, delimiter));
const header = (text: string) => readCsv(text)[0]?.fields ?? [];

describe('CSV payee and description columns (issue 34)', () => {
  it("takes bunq's Name as the payee and its Description as the row's description", () => {
    const text = decodeStatementBytes(fixtureBytes('csv-bunq-name-and-description.csv')).text;
    const columns = columnsOf(text);
    expect(header(text)[columns.payee]).toBe('Name');
    expect(columns.description === null ? null : header(text)[columns.description]).toBe('Description');
  });

  it.each([
    ['Date,Counterparty,Description,Amount', 'Counterparty', 'Description'],
    ['Date,Counterparty name,Description,Amount', 'Counterparty name', 'Description'],
    ['Date,Merchant,Description,Amount', 'Merchant', 'Description'],
    ['Date,Payee,Description,Amount', 'Payee', 'Description'],
    ['Date,Counterparty,Name,Description,Amount', 'Name', 'Description'],
  ])('a name column wins over a description: %s', (line, payee, description) => {
    const columns = columnsOf(`${line}\n`);
    expect(header(line)[columns.payee]).toBe(payee);
    expect(columns.description === null ? null : header(line)[columns.description]).toBe(description);
  });

  it.each([
    ['Date,Description,Amount', 'Description', null],
    ['Date,Description,Original Description,Amount,Transaction Type', 'Description', 'Original Description'],
    ['Transaction Date,Post Date,Description,Category,Type,Amount,Memo', 'Description', null],
    ['Date,Transaction Description,Amount', 'Transaction Description', null],
  ])('a US export with only description columns keeps them: %s', (line, payee, description) => {
    const columns = columnsOf(`${line}\n`);
    expect(header(line)[columns.payee]).toBe(payee);
    expect(columns.description === null ? null : header(line)[columns.description]).toBe(description);
  });
});
