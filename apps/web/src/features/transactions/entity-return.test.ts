import { describe, expect, it } from 'vitest';
import { addEntityPath, editEntityPath, entityReturn } from './entity-return';

describe('entity screens return to the form they came from (spec §4)', () => {
  it('reads from=AddNewTransaction and from=EditTransaction&transactionId', () => {
    expect(entityReturn(new URLSearchParams('from=AddNewTransaction'))).toEqual({ path: '/ledger/add-transaction', draft: { form: 'new' } });
    expect(entityReturn(new URLSearchParams('from=EditTransaction&transactionId=12'))).toEqual({
      path: '/ledger/edit-transaction/12',
      draft: { form: 'edit', transactionId: 12 },
    });
  });

  it('goes to /ledger without a usable from', () => {
    expect(entityReturn(new URLSearchParams(''))).toEqual({ path: '/ledger', draft: null });
    expect(entityReturn(new URLSearchParams('from=EditTransaction'))).toEqual({ path: '/ledger', draft: null });
    expect(entityReturn(new URLSearchParams('from=Elsewhere&transactionId=3'))).toEqual({ path: '/ledger', draft: null });
  });

  it('builds the links the transaction forms use', () => {
    expect(addEntityPath({ form: 'new' })).toBe('/ledger/add-entity?from=AddNewTransaction');
    expect(addEntityPath({ form: 'edit', transactionId: 4 })).toBe('/ledger/add-entity?from=EditTransaction&transactionId=4');
    expect(editEntityPath(9, { form: 'edit', transactionId: 4 })).toBe('/ledger/entities/9/edit?from=EditTransaction&transactionId=4');
  });
});
