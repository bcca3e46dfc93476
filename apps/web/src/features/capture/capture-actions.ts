/**
 * The capture screen's two endings (issue 33; DECISIONS.md #114): the photo attached to a recorded
 * purchase the receipt matched (and its feeling set when one was chosen), or a new purchase saved
 * and the photo attached to it.
 */
import type { TransactionBody } from '@mindspend/api-contract';
import type { Feeling } from '@mindspend/domain';
import { uploadAttachments } from '../attachments/api';
import { createTransaction, fetchTransaction, invalidateTransactions, updateTransaction } from '../transactions/api';
import { formFromTransaction, transactionBodyFrom } from '../transactions/transaction-form';
import { currencyOf } from '../../lib/money';

/** The purchase was saved but its photo was not attached: the step left to do, and where it stands. */
export class PhotoNotAttached extends Error {
  readonly transactionId: number;
  override readonly cause: unknown;
  constructor(transactionId: number, cause: unknown) {
    super('The purchase was saved, but the photo was not attached.');
    this.name = 'PhotoNotAttached';
    this.transactionId = transactionId;
    this.cause = cause;
  }
}

/** Attaches `photo` to purchase `transactionId`, then records `feeling` on it when one was chosen and differs. */
export async function attachToPurchase(transactionId: number, photo: File, feeling: Feeling | null, onProgress?: (percent: number) => void): Promise<void> {
  await uploadAttachments(transactionId, [photo], onProgress);
  if (feeling !== null) {
    const purchase = await fetchTransaction(transactionId);
    if (purchase.emotion_names[0] !== feeling) {
      // PUT replaces the whole transaction: its own fields are sent back as the edit form would.
      const values = { ...formFromTransaction(purchase), feeling };
      await updateTransaction(transactionId, transactionBodyFrom(values, currencyOf(purchase.currency)));
    }
  }
  await invalidateTransactions();
}

/**
 * Saves the new purchase (the same `idempotencyKey` on every attempt: a retry after a lost answer
 * writes it once, DECISIONS.md #101) and attaches `photo`; resolves with the purchase's id. A photo
 * refused after the save rejects with PhotoNotAttached, so the screen neither hides the saved
 * purchase nor saves it twice.
 */
export async function createWithPhoto(accountId: number, body: TransactionBody, photo: File, idempotencyKey: string, onProgress?: (percent: number) => void): Promise<number> {
  const created = await createTransaction(accountId, body, idempotencyKey);
  await invalidateTransactions();
  try {
    await uploadAttachments(created.id, [photo], onProgress);
  } catch (error) {
    throw new PhotoNotAttached(created.id, error);
  }
  return created.id;
}
