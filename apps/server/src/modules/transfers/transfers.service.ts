/**
 * Transfers between the user's own accounts (issue 15, docs/DECISIONS.md #47): both legs are
 * written, changed and removed together inside one `writeInBook`, so a reader never sees one leg
 * without the other and two requests racing on the same transfer run one after the other.
 */
import { TRANSFER_TO_AMOUNT_SAME_CURRENCY, type Transfer, type TransferBody, type TransferPatchBody, transferToAmountRequired } from '@mindspend/api-contract';
import { fromCents, toCents, transferLegs, transferProblems } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireAmountsFit } from '../../db/book-amounts';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { requireAccountCurrency } from '../accounts';
import { amountsInBase } from '../fx-rates';
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
    to_amount: fromCents(Number(row.to_amount_cents)),
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

/** What a transfer moves: the amount sent and the amount that arrived, each in hundredths of its account's currency. */
interface Moved {
  amountCents: number;
  /** Undefined: the same as sent, which only holds between accounts of one currency. */
  toAmountCents: number | undefined;
}

/**
 * Both accounts must be the book's (404 otherwise) and different, the amounts positive and fitting
 * each account's currency (422); between two currencies the amount that arrived must be given.
 * Answers both legs with their stored amounts, converted at the rate of `date` (fx-rates).
 */
async function checkTransfer(trx: Kysely<Database>, scope: BookScope, fromAccountId: number, toAccountId: number, moved: Moved, date: string) {
  const from = await requireAccountCurrency(trx, scope, fromAccountId);
  const to = await requireAccountCurrency(trx, scope, toAccountId);
  const problems = transferProblems({ fromAccountId, toAccountId, amountCents: moved.amountCents });
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  requireAmountsFit(from, { amount: fromCents(moved.amountCents) });
  if (moved.toAmountCents !== undefined) requireAmountsFit(to, { to_amount: fromCents(moved.toAmountCents) });
  if (from !== to && moved.toAmountCents === undefined) throw validationFailed({ to_amount: [transferToAmountRequired(from, to)] });
  if (from === to && moved.toAmountCents !== undefined && moved.toAmountCents !== moved.amountCents) {
    throw validationFailed({ to_amount: [TRANSFER_TO_AMOUNT_SAME_CURRENCY] });
  }
  const legs = transferLegs({ fromAccountId, toAccountId, amountCents: moved.amountCents });
  const out = await amountsInBase(trx, scope.bookId, from, date, legs.out.amountCents, []);
  const into = await amountsInBase(trx, scope.bookId, to, date, moved.toAmountCents ?? legs.in.amountCents, []);
  const stored = ({ lines: _lines, ...amounts }: typeof out) => amounts;
  return { out: { accountId: legs.out.accountId, ...stored(out) }, in: { accountId: legs.in.accountId, ...stored(into) } };
}

export function getTransfer(deps: AppDeps, scope: BookScope, transferId: number): Promise<Transfer> {
  return requireTransfer(deps.db, scope, transferId).then(presentTransfer);
}

/** Records a transfer: an expense leg out of one account, an income leg into the other, and the row linking them. */
export function createTransfer(deps: AppDeps, scope: BookScope, body: TransferBody): Promise<Transfer> {
  const now = isoNow(deps.clock);
  return writeInBook(deps, scope, async (trx) => {
    const moved = { amountCents: toCents(body.amount), toAmountCents: body.to_amount === undefined ? undefined : toCents(body.to_amount) };
    const legs = await checkTransfer(trx, scope, body.from_account_id, body.to_account_id, moved, body.date);
    const notes = body.notes?.trim() || null;
    const leg = (type: 'income' | 'expense', amounts: Omit<typeof legs.out, 'accountId'>) => ({
      type,
      ...amounts,
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
    const { accountId: fromAccountId, ...sent } = legs.out;
    const { accountId: toAccountId, ...arrived } = legs.in;
    const fromTransactionId = await insertTransaction(trx, scope.bookId, fromAccountId, leg('expense', sent), now);
    const toTransactionId = await insertTransaction(trx, scope.bookId, toAccountId, leg('income', arrived), now);
    const id = await linkTransfer(trx, scope.bookId, { fromTransactionId, toTransactionId }, now);
    return presentTransfer(await requireTransfer(trx, scope, id));
  });
}

/**
 * The amounts after a PATCH. The amount that arrived stays as recorded while the amount sent and
 * both accounts do; a change to any of them asks for it again where the currencies differ
 * (checkTransfer), since the old one no longer says what arrived.
 */
function movedAfterEdit(current: TransferWithLegs, body: TransferPatchBody, fromAccountId: number, toAccountId: number): Moved {
  const amountCents = body.amount === undefined ? Number(current.amount_cents) : toCents(body.amount);
  if (body.to_amount !== undefined) return { amountCents, toAmountCents: toCents(body.to_amount) };
  const unchanged = amountCents === Number(current.amount_cents) && fromAccountId === current.from_account_id && toAccountId === current.to_account_id;
  return { amountCents, toAmountCents: unchanged ? Number(current.to_amount_cents) : undefined };
}

/** Changes a transfer; fields left out keep their value, and both legs always change together. */
export function editTransfer(deps: AppDeps, scope: BookScope, transferId: number, body: TransferPatchBody): Promise<Transfer> {
  const now = isoNow(deps.clock);
  return writeInBook(deps, scope, async (trx) => {
    const current = await requireTransfer(trx, scope, transferId);
    const fromAccountId = body.from_account_id ?? current.from_account_id;
    const toAccountId = body.to_account_id ?? current.to_account_id;
    const date = body.date ?? current.date;
    const legs = await checkTransfer(trx, scope, fromAccountId, toAccountId, movedAfterEdit(current, body, fromAccountId, toAccountId), date);
    const notes = body.notes === undefined ? current.notes : body.notes?.trim() || null;
    const { accountId: fromId, ...sent } = legs.out;
    const { accountId: toId, ...arrived } = legs.in;
    await updateLeg(trx, scope.bookId, current.from_transaction_id, { account_id: fromId, ...sent, date, notes, updated_at: now });
    await updateLeg(trx, scope.bookId, current.to_transaction_id, { account_id: toId, ...arrived, date, notes, updated_at: now });
    return presentTransfer(await requireTransfer(trx, scope, transferId));
  });
}

/** Removes a transfer with both of its legs. */
export async function removeTransfer(deps: AppDeps, scope: BookScope, transferId: number): Promise<void> {
  await writeInBook(deps, scope, async (trx) => {
    await deleteTransferAndLegs(trx, scope.bookId, await requireTransfer(trx, scope, transferId));
  });
}
