/** The transfer form's values and the body it sends (amounts typed as free text, spec §5). */
import { type Transfer, type TransferBody, transferBody } from '@mindspend/api-contract';
import { amountProblem, amountText, parseAmountText } from '../../lib/amount-text';

export interface TransferFormValues {
  fromAccountId: string;
  toAccountId: string;
  amount: string;
  date: string;
  notes: string;
}

export function emptyTransferForm(today: string, fromAccountId: number | null): TransferFormValues {
  return { fromAccountId: fromAccountId === null ? '' : String(fromAccountId), toAccountId: '', amount: '', date: today, notes: '' };
}

export function transferFormFrom(transfer: Transfer): TransferFormValues {
  return {
    fromAccountId: String(transfer.from_account_id),
    toAccountId: String(transfer.to_account_id),
    amount: amountText(transfer.amount),
    date: transfer.date,
    notes: transfer.notes ?? '',
  };
}

/** The body as typed (an account not chosen is 0, which transferFormProblems names first). */
export function transferBodyFrom(values: TransferFormValues): TransferBody {
  return {
    from_account_id: Number(values.fromAccountId || 0),
    to_account_id: Number(values.toAccountId || 0),
    amount: parseAmountText(values.amount) ?? 0,
    date: values.date,
    notes: values.notes.trim() === '' ? null : values.notes.trim(),
  };
}

export const CHOOSE_FROM_ACCOUNT = 'Choose the account the money leaves.';
export const CHOOSE_TO_ACCOUNT = 'Choose the account the money goes to.';

/**
 * What the form can tell before sending (issue 36: no avoidable 422): an account not chosen, then
 * the contract's own checks of the body, so the sentences are the server's.
 */
export function transferFormProblems(values: TransferFormValues): string[] {
  const unchosen = [...(values.fromAccountId ? [] : [CHOOSE_FROM_ACCOUNT]), ...(values.toAccountId ? [] : [CHOOSE_TO_ACCOUNT])];
  if (unchosen.length > 0) return unchosen;
  // An amount the number format cannot read is named as such, not as a missing amount (DECISIONS.md #86).
  const refused = amountProblem(values.amount);
  if (refused !== null) return [refused];
  const checked = transferBody.safeParse(transferBodyFrom(values));
  return checked.success ? [] : [...new Set(checked.error.issues.map((issue) => issue.message))];
}
