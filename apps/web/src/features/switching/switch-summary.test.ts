import { describe, expect, it } from 'vitest';
import type { SwitchSummary } from './api';
import { leftBehindHeading, switchSummaryLines } from './switch-summary';

const SUMMARY: SwitchSummary = {
  app: 'ynab',
  accounts_created: 2,
  accounts_matched: 1,
  categories_created: 4,
  payees_created: 1,
  transactions: 1204,
  splits: 3,
  transfers: 1,
  duplicates_skipped: 0,
  left_behind: [{ source: 'line 9', reason: 'a zero amount' }],
  left_behind_count: 1,
};

describe('switchSummaryLines', () => {
  it('says what was brought, with the counts a person checks against their old app', () => {
    expect(switchSummaryLines(SUMMARY)).toEqual([
      '1,204 transactions (3 splits) and 1 transfer brought in.',
      '2 accounts made; 1 account of yours used, by name.',
      '4 categories Mindspend did not have, now under “From YNAB”.',
      '1 payee added.',
    ]);
  });

  it('says when a second upload of the same export found everything already there', () => {
    const again = { ...SUMMARY, accounts_created: 0, accounts_matched: 3, categories_created: 0, payees_created: 0, transactions: 0, splits: 0, transfers: 0, duplicates_skipped: 1205 };
    expect(switchSummaryLines(again)).toEqual([
      '0 transactions and 0 transfers brought in.',
      '3 accounts of yours used, by name.',
      '1,205 rows already here from an earlier upload of this export, left as they are.',
    ]);
  });
});

describe('leftBehindHeading', () => {
  it('counts what was left behind, and says when only the first are listed', () => {
    expect(leftBehindHeading(SUMMARY)).toBe('Not brought in as it was: 1 item');
    expect(leftBehindHeading({ ...SUMMARY, left_behind_count: 150 })).toBe('Not brought in as it was: 150 items (the first 1)');
    expect(leftBehindHeading({ ...SUMMARY, left_behind: [], left_behind_count: 0 })).toBeNull();
  });
});
