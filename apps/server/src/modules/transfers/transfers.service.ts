/**
 * Transfers between the user's own accounts (issue 15, docs/DECISIONS.md #47): both legs are
 * written, changed and removed together inside one `writeInBook`, so a reader never sees one leg
 * without the other and two requests racing on the same transfer run one after the other.
 */
import type { Transfer, TransferBody, TransferPatchBody } from '@mindspend/api-contract';
import { fromCents, toCents, transferLegs, transferProblems } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireAmountsFitBook } from '../../db/book-amounts';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { requireAccount } from '../accounts';
import { insertTransaction, deleteTransferAndLegs } from '../transactions';
import type { BookRows } from '../../db/private-accounts';
import { type TransferWithLegs, findTransfer, linkTransfer, updateLeg } from './transfers.repo';

export function presentTransfer(row: TransferWithLegs): Transfer {
  return {
    id: row.id,
    from_transaction_id: row.from_transaction_id,
    to_transaction_id: row.to_transaction_id,
    from_account_id: row.from_account_id,
    to_account_id: row.to_account_id,
    amount: fromCents(Number(row.amount_cents)),
    date: row.date,
    notes: row.notes,
  };
}

/** One of the user's transfers, or 404. */
export async function requireTransfer(db: Kysely<Database>, book: BookRows, transferId: number): Promise<TransferWithLegs> {
  const transfer = await findTransfer(db, book, transferId);
  if (!transfer) throw notFound('Transfer');
  return transfer;
}

/** Both accounts must be the user's (404 otherwise) and different, the amount positive (422). */
async function checkTransfer(trx: Kysely<Database>, scope: BookScope, fromAccountId: number, toAccountId: number, amountCents: number) {
  await requireAccount(trx, scope, fromAccountId);
  await requireAccount(trx, scope, toAccountId);
  const problems = transferProblems({ fromAccountId, toAccountId, amountCents });
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  return transferLegs({ fromAccountId, toAccountId, amountCents });
}

export function getTransfer(deps: AppDeps, scope: BookScope, transferId: number): Promise<Transfer> {
  return requireTransfer(deps.db, scope, transferId).then(presentTransfer);
}

/** Records a transfer: an expense leg out of one account, an income leg into the other, and the row linking them. */
export function createTransfer(deps: AppDeps, scope: BookScope, body: TransferBody): Promise<Transfer> {
  const now = isoNow(deps.clock);
  return writeInBook(deps, scope, async (trx) => {
    await requireAmountsFitBook(trx, scope.bookId, { amount: body.amount });
    const legs = await checkTransfer(trx, scope, body.from_account_id, body.to_account_id, toCents(body.amount));
    const notes = body.notes?.trim() || null;
    const leg = (type: 'income' | 'expense', amountCents: number) => ({
      type,
      amount_cents: amountCents,
      date: body.date,
      entity_id: null,
      description: null,
      notes,
      payment_method: null,
      purpose: null,
      emotion: null,
      pending: 0,
      updated_at: now,
    });
    const fromTransactionId = await insertTransaction(trx, scope.bookId, legs.out.accountId, leg('expense', legs.out.amountCents), now);
    const toTransactionId = await insertTransaction(trx, scope.bookId, legs.in.accountId, leg('income', legs.in.amountCents), now);
    const id = await linkTransfer(trx, scope.bookId, { fromTransactionId, toTransactionId }, now);
    return presentTransfer(await requireTransfer(trx, scope, id));
  });
}

/** Changes a transfer; fields left out keep their value, and both legs always change together. */
export function editTransfer(deps: AppDeps, scope: BookScope, transferId: number, body: TransferPatchBody): Promise<Transfer> {
  const now = isoNow(deps.clock);
  return writeInBook(deps, scope, async (trx) => {
    const current = await requireTransfer(trx, scope, transferId);
    await requireAmountsFitBook(trx, scope.bookId, { amount: body.amount });
    const fromAccountId = body.from_account_id ?? current.from_account_id;
    const toAccountId = body.to_account_id ?? current.to_account_id;
    const amountCents = body.amount === undefined ? Number(current.amount_cents) : toCents(body.amount);
    const legs = await checkTransfer(trx, scope, fromAccountId, toAccountId, amountCents);
    const date = body.date ?? current.date;
    const notes = body.notes === undefined ? current.notes : body.notes?.trim() || null;
    await updateLeg(trx, scope.bookId, current.from_transaction_id, { account_id: legs.out.accountId, amount_cents: legs.out.amountCents, date, notes, updated_at: now });
    await updateLeg(trx, scope.bookId, current.to_transaction_id, { account_id: legs.in.accountId, amount_cents: legs.in.amountCents, date, notes, updated_at: now });
    return presentTransfer(await requireTransfer(trx, scope, transferId));
  });
}

/** Removes a transfer with both of its legs. */
export async function removeTransfer(deps: AppDeps, scope: BookScope, transferId: number): Promise<void> {
  await writeInBook(deps, scope, async (trx) => {
    await deleteTransferAndLegs(trx, scope.bookId, await requireTransfer(trx, scope, transferId));
  });
}
