import { describe, expect, it } from 'vitest';
import { cashFlowCsv, netWorthCsv, reportFileName, spendingCsv } from './csv';

const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe('report CSV files', () => {
  it('writes net worth and cash flow as two-decimal numbers, negatives included', () => {
    expect(lines(netWorthCsv([{ month: '2026-01', assetsCents: 120_000, liabilitiesCents: 150_050, netWorthCents: -30_050 }]))).toEqual([
      'Month,Assets,Liabilities,Net worth',
      '2026-01,1200.00,1500.50,-300.50',
      '',
    ]);
    expect(lines(cashFlowCsv([{ month: '2026-02', incomeCents: 5, expensesCents: 1_000_000, netCents: -999_995 }]))).toEqual([
      'Month,Income,Expenses,Net',
      '2026-02,0.05,10000.00,-9999.95',
      '',
    ]);
  });

  it('quotes group names and keeps a spreadsheet from reading one as a formula', () => {
    expect(lines(spendingCsv('Category', [
      { month: '2026-01', group: 'Food, drink', amountCents: 1234 },
      { month: '2026-01', group: '=SUM(A1)', amountCents: 1 },
    ]))).toEqual(['Month,Category,Amount', '2026-01,"Food, drink",12.34', "2026-01,'=SUM(A1),0.01", '']);
  });

  it('names the file after the report and its range', () => {
    expect(reportFileName('cash-flow', '2025-12', '2026-11')).toBe('mindspend-cash-flow-2025-12-to-2026-11.csv');
  });
});
