/** The transfer form's values and the body it sends (amounts typed as free text, spec §5). */
import type { Transfer, TransferBody } from '@mindspend/api-contract';
import { amountText, parseAmountText } from '../../lib/amount-text';

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

/**
 * The body as typed; what is missing or wrong is left for the server to name (one set of
 * messages, from the contract): an empty account becomes 0, which it refuses with its sentence.
 */
export function transferBodyFrom(values: TransferFormValues): TransferBody {
  return {
    from_account_id: Number(values.fromAccountId || 0),
    to_account_id: Number(values.toAccountId || 0),
    amount: parseAmountText(values.amount) ?? 0,
    date: values.date,
    notes: values.notes.trim() === '' ? null : values.notes.trim(),
  };
}
