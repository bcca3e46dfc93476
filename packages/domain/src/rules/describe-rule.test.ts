import { describe, expect, it } from 'vitest';
import { describeRule, type RuleNames } from './describe-rule';

const names: RuleNames = {
  subcategory: (id) => (id === 10 ? 'Shopping' : undefined),
  entity: (id) => (id === 5 ? 'Amazon' : undefined),
  account: (id) => (id === 1 ? 'Checking' : undefined),
};

describe('a rule as a sentence', () => {
  it('reads the conditions joined by "and" and the actions joined by dots', () => {
    expect(describeRule({ conditions: [{ field: 'payee', op: 'contains', value: 'AMZN Mktp' }], actions: { subcategoryId: 10, purpose: 'optional', feeling: 'neutral' } }, names)).toBe(
      'If payee contains "AMZN Mktp" → Shopping · No strong feelings · Optional',
    );
    expect(
      describeRule(
        {
          conditions: [
            { field: 'amount', op: 'between', value: { minCents: 500, maxCents: 12345 } },
            { field: 'account', op: 'is', value: 1 },
            { field: 'type', op: 'is', value: 'expense' },
            { field: 'description', op: 'starts_with', value: 'SQ *' },
          ],
          actions: { entityId: 5, notes: 'coffee' },
        },
        names,
      ),
    ).toBe('If amount is $5.00 to $123.45 and account is Checking and it is an expense and description starts with "SQ *" → payee Amazon · notes "coffee"');
  });

  it('says so when a sub-category, payee or account it names was removed', () => {
    expect(describeRule({ conditions: [{ field: 'account', op: 'is', value: 2 }], actions: { subcategoryId: 11, entityId: 6 } }, names)).toBe(
      'If account is a removed account → a removed sub-category · payee a removed payee',
    );
  });
});
