import { describe, expect, it } from 'vitest';
import type { Transaction } from '@mindspend/api-contract';
import { createRuleBody } from '@mindspend/api-contract';
import { emptyRuleForm, movedOrder, ruleBodyFrom, ruleFormErrors, ruleFormFrom, ruleFormFromTransaction } from './rule-form';

const transaction = {
  id: 7,
  type: 'expense',
  entity: { id: 3, name: 'AMZN Mktp', name_short: 'AMZN' },
  payee: 'AMZN Mktp',
  description: 'AMZN Mktp US*2K4',
  emotion_names: ['neutral'],
  purpose: 'optional',
  subcategories: [{ id: 41, name: 'Online Shopping' }],
} as unknown as Transaction;

describe('the rule form', () => {
  it('prefills from a transaction: its payee and type, its sub-category, feeling and purpose', () => {
    const values = ruleFormFromTransaction(transaction);
    expect(ruleFormErrors(values)).toEqual([]);
    const body = ruleBodyFrom(values);
    expect(body).toEqual({
      conditions: [
        { field: 'payee', op: 'contains', value: 'AMZN Mktp' },
        { field: 'type', op: 'is', value: 'expense' },
      ],
      actions: { subcategory_id: 41, feeling: 'neutral', purpose: 'optional' },
    });
    expect(createRuleBody.safeParse(body).success).toBe(true);
  });

  it('falls back on the description without a payee, and sets no sub-category of a split', () => {
    const values = ruleFormFromTransaction({ ...transaction, entity: null, payee: null, subcategories: [{ id: 1 }, { id: 2 }] } as unknown as Transaction);
    expect(values.conditions[0]).toMatchObject({ kind: 'description', text: 'AMZN Mktp US*2K4' });
    expect(values.subcategoryId).toBeNull();
  });

  it('round-trips a stored rule', () => {
    const body = {
      conditions: [
        { field: 'amount' as const, op: 'between' as const, value: { min: 1.5, max: 20 } },
        { field: 'account' as const, op: 'is' as const, value: 4 },
        { field: 'description' as const, op: 'starts_with' as const, value: 'SQ *' },
      ],
      actions: { entity_id: 9, notes: 'coffee' },
    };
    const rule = { id: 1, position: 1, created_at: '', updated_at: '', ...body };
    expect(ruleBodyFrom(ruleFormFrom(rule))).toEqual(body);
  });

  it('names what is missing before sending', () => {
    expect(ruleFormErrors(emptyRuleForm())).toEqual(['Type the text the rule looks for.', 'Choose at least one thing the rule sets.']);
    const range = { ...emptyRuleForm(), purpose: 'optional' as const, conditions: [{ ...emptyRuleForm().conditions[0], kind: 'amount' as const, min: 30, max: 5 }] };
    expect(ruleFormErrors(range as ReturnType<typeof emptyRuleForm>)).toEqual(['The lowest amount must not be more than the highest.']);
  });

  it('moves a rule one place, and not past either end', () => {
    expect(movedOrder([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(movedOrder([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(movedOrder([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(movedOrder([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
  });
});
