/** Where the entity screens go back to (spec §2.1 addEntity query, §4 "Entity cancel and save"). */
import type { DraftKey } from './transaction-draft';

export const FROM_NEW_TRANSACTION = 'AddNewTransaction';
export const FROM_EDIT_TRANSACTION = 'EditTransaction';

export interface EntityReturn {
  /** Route to go to after Cancel or save. */
  path: string;
  /** The transaction form waiting for the payee, if any. */
  draft: DraftKey | null;
}

/** Reads `from` and `transactionId` of the entity screen's query string. */
export function entityReturn(search: URLSearchParams): EntityReturn {
  const from = search.get('from');
  if (from === FROM_NEW_TRANSACTION) return { path: '/ledger/add-transaction', draft: { form: 'new' } };
  const transactionId = Number(search.get('transactionId'));
  if (from === FROM_EDIT_TRANSACTION && Number.isInteger(transactionId) && transactionId > 0) {
    return { path: `/ledger/edit-transaction/${transactionId}`, draft: { form: 'edit', transactionId } };
  }
  return { path: '/ledger', draft: null };
}

/** `/ledger/add-entity?from=…` for a transaction form. */
export function addEntityPath(draft: DraftKey): string {
  if (draft.form === 'new') return `/ledger/add-entity?from=${FROM_NEW_TRANSACTION}`;
  return `/ledger/add-entity?from=${FROM_EDIT_TRANSACTION}&transactionId=${draft.transactionId}`;
}

/** `/ledger/entities/{id}/edit?from=EditTransaction&transactionId=…` for the edit form. */
export function editEntityPath(entityId: number, draft: DraftKey): string {
  if (draft.form === 'new') return `/ledger/entities/${entityId}/edit?from=${FROM_NEW_TRANSACTION}`;
  return `/ledger/entities/${entityId}/edit?from=${FROM_EDIT_TRANSACTION}&transactionId=${draft.transactionId}`;
}
