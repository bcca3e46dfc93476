import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEELING_VALUES, PURPOSE_VALUES } from '../ledger/transactions';
import { ruleChanges, type RuleTarget } from './rule-changes';

const target = (overrides: Partial<RuleTarget> = {}): RuleTarget => ({
  subcategoryIds: [],
  feeling: null,
  purpose: null,
  entityId: null,
  notes: null,
  ...overrides,
});

describe('what applying a rule changes (docs/DECISIONS.md #52)', () => {
  it('sets the sub-category of an uncategorized transaction or one with a single line', () => {
    expect(ruleChanges({ subcategoryId: 10 }, target())).toEqual({ subcategoryId: 10 });
    expect(ruleChanges({ subcategoryId: 10 }, target({ subcategoryIds: [11] }))).toEqual({ subcategoryId: 10 });
  });

  it('never touches a split over several sub-categories, but still sets the other fields', () => {
    expect(ruleChanges({ subcategoryId: 10, purpose: 'optional' }, target({ subcategoryIds: [10, 11] }))).toEqual({ purpose: 'optional' });
  });

  it('reports nothing for fields that already hold the rule\'s value, so applying twice changes nothing', () => {
    fc.assert(
      fc.property(
        fc.record({ feeling: fc.constantFrom(...FEELING_VALUES), purpose: fc.constantFrom(...PURPOSE_VALUES), entityId: fc.nat(5), notes: fc.string(), subcategoryId: fc.nat(5) }, { requiredKeys: [] }),
        (outcome) => {
          const applied = target({
            subcategoryIds: outcome.subcategoryId === undefined ? [] : [outcome.subcategoryId],
            feeling: outcome.feeling ?? null,
            purpose: outcome.purpose ?? null,
            entityId: outcome.entityId ?? null,
            notes: outcome.notes ?? null,
          });
          expect(ruleChanges(outcome, applied)).toEqual({});
        },
      ),
    );
  });
});
