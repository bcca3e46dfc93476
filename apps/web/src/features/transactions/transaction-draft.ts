/**
 * Spec §4: the transaction being written is kept as a temporary transaction while the user adds
 * or edits a payee, restored when the form reopens, with the just-saved payee selected; Cancel
 * forgets it. One slot for the new form and one for the edit form (keyed by transaction id).
 */
import type { TransactionFormValues } from './transaction-form';

export type DraftKey = { form: 'new' } | { form: 'edit'; transactionId: number };

interface Draft {
  key: DraftKey;
  values: TransactionFormValues;
}

let newDraft: Draft | null = null;
let editDraft: Draft | null = null;

function sameKey(a: DraftKey, b: DraftKey): boolean {
  if (a.form === 'new' || b.form === 'new') return a.form === b.form;
  return a.transactionId === b.transactionId;
}

/** The kept values for this form, or null. */
export function readDraft(key: DraftKey): TransactionFormValues | null {
  const draft = key.form === 'new' ? newDraft : editDraft;
  return draft && sameKey(draft.key, key) ? draft.values : null;
}

/** Keeps the form's current values. */
export function keepDraft(key: DraftKey, values: TransactionFormValues): void {
  if (key.form === 'new') newDraft = { key, values };
  else editDraft = { key, values };
}

/** Forgets the draft (Cancel, or after saving). */
export function discardDraft(key: DraftKey): void {
  if (key.form === 'new') newDraft = null;
  else if (editDraft && sameKey(editDraft.key, key)) editDraft = null;
}

/** True while a new transaction is being written (the entity screen warns before losing it). */
export function hasNewDraft(): boolean {
  return newDraft !== null;
}

/** Spec §4: a just-created payee is selected in the form the user came from. */
export function selectEntityInDraft(key: DraftKey, entityId: number): void {
  const values = readDraft(key);
  if (values) keepDraft(key, { ...values, entityId });
}
