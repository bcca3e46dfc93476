/**
 * A new transaction that could not reach the server, kept on the device with the words the ledger
 * shows while it waits (./waiting-entries.ts, DECISIONS.md #104).
 */
import type { Account, TransactionBody } from '@mindspend/api-contract';
import { toCents } from '@mindspend/domain';
import { formatAmountIn } from '../../../lib/money';
import { type KeptOutcome, keepAndTryAgain } from './waiting-entries';
import type { TransactionFormValues } from '../transaction-form';

export interface UnsentTransaction {
  /** The Idempotency-Key the first attempt was sent with: the copy on the device keeps it. */
  key: string;
  account: Pick<Account, 'id' | 'name' | 'currency'>;
  body: TransactionBody;
  form: TransactionFormValues;
  /** The payee's name, when one was chosen. */
  payee: string | null;
}

/** Keeps the transaction on the device and tries it again at once (waiting-entries keepAndTryAgain). */
export function keepNewTransaction({ key, account, body, form, payee }: UnsentTransaction): Promise<KeptOutcome> {
  return keepAndTryAgain({
    key,
    accountId: account.id,
    body,
    form,
    shown: {
      payee,
      amount: formatAmountIn(toCents(body.amount ?? 0), account.currency),
      account: account.name,
      feeling: body.emotion_names?.[0] ?? null,
    },
  });
}
