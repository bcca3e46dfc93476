import { describe, expect, it } from 'vitest';
import { transferToAmountRequired } from '@mindspend/api-contract';
import { TRANSFER_SAME_ACCOUNT, currencyCode } from '@mindspend/domain';
import { CHOOSE_FROM_ACCOUNT, CHOOSE_TO_ACCOUNT, emptyTransferForm, transferBodyFrom, transferFormFrom, transferFormProblems } from './transfer-form';

describe('the transfer form', () => {
  it('starts from the ledger account on today, and sends what was typed', () => {
    const values = { ...emptyTransferForm('2026-11-24', 3), toAccountId: '5', amount: '$1,250.5', notes: '  card payment ' };
    expect(transferBodyFrom(values)).toEqual({ from_account_id: 3, to_account_id: 5, amount: 1250.5, date: '2026-11-24', notes: 'card payment' });
  });

  it('sends no notes when they are blank, and 0 for what is missing so the server names it', () => {
    expect(transferBodyFrom(emptyTransferForm('2026-11-24', null))).toEqual({ from_account_id: 0, to_account_id: 0, amount: 0, date: '2026-11-24', notes: null });
  });

  it('shows a saved transfer with two decimals', () => {
    const form = transferFormFrom({ id: 1, from_transaction_id: 2, to_transaction_id: 3, from_account_id: 4, to_account_id: 5, amount: 500, to_amount: 500, date: '2026-11-03', notes: null });
    expect(form).toEqual({ fromAccountId: '4', toAccountId: '5', amount: '500.00', toAmount: '', date: '2026-11-03', notes: '' });
  });

  it('names what is missing before anything is sent: the accounts first, then the contract’s own checks (issue 36)', () => {
    const empty = emptyTransferForm('2026-11-24', null);
    expect(transferFormProblems(empty)).toEqual([CHOOSE_FROM_ACCOUNT, CHOOSE_TO_ACCOUNT]);
    expect(transferFormProblems({ ...empty, fromAccountId: '3' })).toEqual([CHOOSE_TO_ACCOUNT]);
    const same = { ...empty, fromAccountId: '3', toAccountId: '3', amount: '20' };
    expect(transferFormProblems(same)).toEqual([TRANSFER_SAME_ACCOUNT]);
    expect(transferFormProblems({ ...same, toAccountId: '5', amount: '' })).toHaveLength(1);
    expect(transferFormProblems({ ...same, toAccountId: '5' })).toEqual([]);
  });

  it('between two currencies reads each amount in its account’s currency and asks for the amount received (DECISIONS.md #90)', () => {
    const currencies = { from: currencyCode('EUR'), to: currencyCode('JPY') };
    const values = { ...emptyTransferForm('2026-11-24', 3), toAccountId: '5', amount: '100', toAmount: '' };
    expect(transferFormProblems(values, currencies)).toEqual([transferToAmountRequired('EUR', 'JPY')]);
    expect(transferFormProblems({ ...values, toAmount: '16235.5' }, currencies)[0]).toMatch(/^JPY amounts have no decimal places/);
    expect(transferBodyFrom({ ...values, toAmount: '16,235' }, currencies)).toMatchObject({ amount: 100, to_amount: 16235 });
    expect(transferBodyFrom({ ...values, toAmount: '16,235' })).not.toHaveProperty('to_amount');
  });
});
