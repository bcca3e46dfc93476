import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TransactionType } from '../ledger/transactions';
import { compileRules, isEmptyOutcome } from './compile-rules';
import type { Rule, RuleCondition, RuleSubject } from './rule-model';

const SUBCATEGORY_TYPES = new Map<number, TransactionType>([
  [10, 'expense'],
  [11, 'expense'],
  [20, 'income'],
]);

const subject = (overrides: Partial<RuleSubject> = {}): RuleSubject => ({
  payee: 'Amazon',
  description: 'AMZN Mktp US*2K4',
  amountCents: 2599,
  accountId: 1,
  type: 'expense',
  ...overrides,
});

const rule = (id: number, conditions: RuleCondition[], actions: Rule['actions']): Rule => ({ id, conditions, actions });

/** Texts with letters of both cases, where a needle is found often enough to matter. */
const text = fc.string({ unit: fc.constantFrom('a', 'B', 'c', 'D', ' ', 'é', 'É', '*', '1'), maxLength: 12 });

describe('rule conditions', () => {
  it('"contains", "equals" and "starts with" agree with the naive test on lower-cased texts', () => {
    fc.assert(
      fc.property(text, text, fc.constantFrom('contains', 'equals', 'starts_with' as const), (description, needle, op) => {
        const rules = compileRules([rule(1, [{ field: 'description', op, value: needle }], { purpose: 'optional' })], SUBCATEGORY_TYPES);
        const [d, n] = [description.toLowerCase(), needle.toLowerCase()];
        const naive = op === 'contains' ? d.includes(n) : op === 'equals' ? d === n : d.startsWith(n);
        expect(rules.outcomeFor(subject({ description })).purpose === 'optional').toBe(naive);
      }),
    );
  });

  it('"payee" holds when the payee name or the bank text holds, "description" only on the bank text', () => {
    const byPayee = compileRules([rule(1, [{ field: 'payee', op: 'contains', value: 'amzn mktp' }], { purpose: 'optional' })], SUBCATEGORY_TYPES);
    expect(byPayee.outcomeFor(subject()).purpose).toBe('optional');
    expect(byPayee.outcomeFor(subject({ payee: 'AMZN MKTP', description: '' })).purpose).toBe('optional');
    const byDescription = compileRules([rule(1, [{ field: 'description', op: 'equals', value: 'AMAZON' }], { purpose: 'optional' })], SUBCATEGORY_TYPES);
    expect(byDescription.outcomeFor(subject()).purpose).toBeUndefined();
  });

  it('"amount between" is inclusive at both ends', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.nat(100_000), (a, b, amountCents) => {
        const [minCents, maxCents] = a <= b ? [a, b] : [b, a];
        const rules = compileRules([rule(1, [{ field: 'amount', op: 'between', value: { minCents, maxCents } }], { feeling: 'neutral' })], SUBCATEGORY_TYPES);
        const inside = amountCents >= minCents && amountCents <= maxCents;
        expect(rules.outcomeFor(subject({ amountCents })).feeling === 'neutral').toBe(inside);
      }),
    );
  });

  it('needs every condition to hold', () => {
    const rules = compileRules(
      [rule(1, [{ field: 'account', op: 'is', value: 1 }, { field: 'type', op: 'is', value: 'expense' }], { purpose: 'survival' })],
      SUBCATEGORY_TYPES,
    );
    expect(rules.outcomeFor(subject()).purpose).toBe('survival');
    expect(rules.outcomeFor(subject({ accountId: 2 })).purpose).toBeUndefined();
    expect(rules.outcomeFor(subject({ type: 'income' })).purpose).toBeUndefined();
  });

  it('a rule none of whose conditions matches changes nothing', () => {
    fc.assert(
      fc.property(text, fc.nat(1_000_000), (description, amountCents) => {
        const rules = compileRules(
          [rule(1, [{ field: 'account', op: 'is', value: 99 }, { field: 'description', op: 'contains', value: description }], { subcategoryId: 10, feeling: 'negative', purpose: 'optional', entityId: 5, notes: 'x' })],
          SUBCATEGORY_TYPES,
        );
        expect(isEmptyOutcome(rules.outcomeFor(subject({ description, amountCents })))).toBe(true);
      }),
    );
  });
});

describe('rule order (docs/DECISIONS.md #51)', () => {
  const shopping = rule(1, [{ field: 'payee', op: 'contains', value: 'amzn' }], { subcategoryId: 10, purpose: 'optional' });
  const books = rule(2, [{ field: 'amount', op: 'between', value: { minCents: 0, maxCents: 5000 } }], { subcategoryId: 11, feeling: 'positive', purpose: 'culture' });

  it('per field, the first matching rule wins; later rules fill only the fields still unset', () => {
    expect(compileRules([shopping, books], SUBCATEGORY_TYPES).outcomeFor(subject())).toEqual({ subcategoryId: 10, purpose: 'optional', feeling: 'positive' });
    expect(compileRules([books, shopping], SUBCATEGORY_TYPES).outcomeFor(subject())).toEqual({ subcategoryId: 11, purpose: 'culture', feeling: 'positive' });
  });

  it('whatever the order, each field comes from some matching rule that sets it, the first in order', () => {
    const conditions = fc.constantFrom<RuleCondition>(
      { field: 'payee', op: 'contains', value: 'amzn' },
      { field: 'type', op: 'is', value: 'income' },
      { field: 'amount', op: 'between', value: { minCents: 0, maxCents: 3000 } },
    );
    const actions = fc.record(
      { subcategoryId: fc.constantFrom(10, 11), purpose: fc.constantFrom('optional' as const, 'survival' as const), notes: fc.constantFrom('a', 'b') },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.array(conditions, { minLength: 1, maxLength: 2 }), actions), { maxLength: 6 }), (drawn) => {
        const rules = drawn.map(([c, a], index) => rule(index + 1, c, a));
        const outcome = compileRules(rules, SUBCATEGORY_TYPES).outcomeFor(subject());
        const matching = rules.filter((r) => r.conditions.every((c) => c.field !== 'type'));
        expect(outcome.purpose).toBe(matching.find((r) => r.actions.purpose !== undefined)?.actions.purpose);
        expect(outcome.notes).toBe(matching.find((r) => r.actions.notes !== undefined)?.actions.notes);
      }),
    );
  });

  it('skips a sub-category of the other type, leaving the field to the next matching rule', () => {
    const salary = rule(1, [{ field: 'payee', op: 'contains', value: 'amzn' }], { subcategoryId: 20, feeling: 'mixed' });
    expect(compileRules([salary, shopping], SUBCATEGORY_TYPES).outcomeFor(subject())).toEqual({ subcategoryId: 10, feeling: 'mixed', purpose: 'optional' });
    const unknown = rule(1, [{ field: 'payee', op: 'contains', value: 'amzn' }], { subcategoryId: 999 });
    expect(compileRules([unknown], SUBCATEGORY_TYPES).outcomeFor(subject())).toEqual({});
  });
});

describe('a compiled rule list used for many rows', () => {
  /** The rules' meaning written the slow, obvious way, to check the compiled one against. */
  function naiveOutcome(rules: Rule[], s: RuleSubject): Rule['actions'] {
    const holds = (c: RuleCondition): boolean => {
      if (c.field === 'amount') return s.amountCents >= c.value.minCents && s.amountCents <= c.value.maxCents;
      if (c.field === 'account') return s.accountId === c.value;
      if (c.field === 'type') return s.type === c.value;
      const needle = c.value.toLowerCase();
      const test = (text: string) => {
        const t = text.toLowerCase();
        return c.op === 'contains' ? t.includes(needle) : c.op === 'equals' ? t === needle : t.startsWith(needle);
      };
      return c.field === 'payee' ? test(s.payee) || test(s.description) : test(s.description);
    };
    const outcome: Rule['actions'] = {};
    for (const r of rules.filter((candidate) => candidate.conditions.every(holds))) {
      const { subcategoryId, ...rest } = r.actions;
      if (outcome.subcategoryId === undefined && subcategoryId !== undefined && SUBCATEGORY_TYPES.get(subcategoryId) === s.type) outcome.subcategoryId = subcategoryId;
      for (const [key, value] of Object.entries(rest) as [keyof typeof rest, string][]) if (outcome[key] === undefined) Object.assign(outcome, { [key]: value });
    }
    return outcome;
  }

  it('gives every row the same outcome as the obvious evaluation, whatever rows came before', () => {
    const word = fc.constantFrom('amzn', 'AMZN Mktp', 'shell', 'Shell Oil', 'netflix', '');
    const condition = fc.oneof(
      fc.record({ field: fc.constantFrom('payee' as const, 'description' as const), op: fc.constantFrom('contains' as const, 'equals' as const, 'starts_with' as const), value: word.filter((w) => w !== '') }),
      fc.tuple(fc.nat(5000), fc.nat(5000)).map(([a, b]) => ({ field: 'amount' as const, op: 'between' as const, value: { minCents: Math.min(a, b), maxCents: Math.max(a, b) } })),
      fc.constantFrom(1, 2).map((value) => ({ field: 'account' as const, op: 'is' as const, value })),
      fc.constantFrom('income' as const, 'expense' as const).map((value) => ({ field: 'type' as const, op: 'is' as const, value })),
    );
    const actions = fc.record(
      { subcategoryId: fc.constantFrom(10, 20), purpose: fc.constantFrom('optional' as const, 'culture' as const), feeling: fc.constantFrom('neutral' as const), notes: fc.constantFrom('x', 'y') },
      { requiredKeys: [] },
    );
    const rows = fc.array(
      fc.record({ payee: word, description: word, amountCents: fc.nat(5000), accountId: fc.constantFrom(1, 2), type: fc.constantFrom('income' as const, 'expense' as const) }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.array(condition, { minLength: 1, maxLength: 3 }), actions), { maxLength: 6 }), rows, (drawn, subjects) => {
        const rules = drawn.map(([conditions, a], index) => rule(index + 1, conditions, a));
        const compiled = compileRules(rules, SUBCATEGORY_TYPES);
        for (const s of subjects) expect(compiled.outcomeFor(s)).toEqual(naiveOutcome(rules, s));
      }),
    );
  });
});

describe('a file of all-different lines', () => {
  it('stays right past the number of payee and description pairs it remembers', () => {
    const rules = compileRules([rule(1, [{ field: 'description', op: 'contains', value: '7 ' }], { purpose: 'optional' })], SUBCATEGORY_TYPES);
    for (let pass = 0; pass < 2; pass += 1) {
      for (let i = 0; i < 25_000; i += 1) {
        const description = `CARD ${i} PURCHASE`;
        expect(rules.outcomeFor(subject({ description })).purpose).toBe(description.includes('7 ') ? 'optional' : undefined);
      }
    }
  });
});
