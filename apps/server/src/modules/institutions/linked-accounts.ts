/** The Mindspend accounts a newly linked bank's accounts become, with their opening balances. */
import { toCents } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { bookCurrency } from '../../db/book-scope';
import type { Database } from '../../db/schema';
import { insertAccount, insertBalance } from '../accounts';
import type { BankAccount } from './bank-link-provider';
import { accountCurrency, accountNameFor, accountTypeFor } from './bank-mapping';
import { accountTypeIds, insertLinkedAccount } from './institutions.repo';

export interface NewLink {
  bookId: number;
  /** The member linking the bank: the accounts' creator, shared with the book. */
  userId: number;
  institutionId: number;
  institutionName: string;
  /** ISO timestamp of the link. */
  now: string;
  /** The linking member's local date (DECISIONS.md #85): the opening balances'. */
  today: string;
}

/** One account per bank account, in the caller's transaction, each linked to its bank account. */
export async function createLinkedAccounts(
  trx: Kysely<Database>,
  link: NewLink,
  bankAccounts: BankAccount[],
): Promise<void> {
  const typeIds = await accountTypeIds(trx);
  const bookDefault = await bookCurrency(trx, link.bookId);
  for (const bankAccount of bankAccounts) {
    const currency = accountCurrency(bankAccount, bookDefault);
    const typeName = accountTypeFor(bankAccount);
    const accountTypeId = typeIds.get(typeName);
    if (accountTypeId === undefined)
      throw new Error(`Account type ${typeName} is missing from account_types`);
    const { id } = await insertAccount(trx, {
      bookId: link.bookId,
      name: accountNameFor(bankAccount.bankName ?? link.institutionName, bankAccount),
      accountTypeId,
      subtype: null,
      createdBy: link.userId,
      privateTo: null,
      currency,
      createdAt: link.now,
    });
    const { current, available, limit } = bankAccount.balances;
    const currentCents = toCents(current ?? available ?? 0);
    await insertBalance(trx, {
      book_id: link.bookId,
      account_id: id,
      current_balance_cents: currentCents,
      available_balance_cents: available === null ? currentCents : toCents(available),
      // Only cards carry a limit (as accounts.service decides for hand-made accounts).
      limit_cents: typeName === 'Credit card' && limit !== null ? toCents(limit) : null,
      date: link.today,
      created_at: link.now,
    });
    await insertLinkedAccount(trx, {
      book_id: link.bookId,
      institution_id: link.institutionId,
      provider_account_id: bankAccount.id,
      account_id: id,
    });
  }
}

