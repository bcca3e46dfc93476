/** Accounts: list, month figures, create, update (balance history), delete. */
import {
  ACCOUNT_CURRENCY_LOCKED,
  ACCOUNT_TYPE_REQUIRED,
  type Account,
  type AccountMonth,
  type CreateAccountBody,
  type MonthParams,
  ONLY_CREATOR_MAKES_PRIVATE,
  PRIVATE_NEEDS_SHARED_BOOK,
  type UpdateAccountBody,
  CREDIT_CARD_SUBTYPE,
} from '@mindspend/api-contract';
import { type CurrencyCode, availableCreditCents, cardOwedCents, fromCents, isCurrencyCode, isLiabilityAccount, monthRange, toCents } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { BalanceRow } from '../../db/ledger-schema';
import type { Database } from '../../db/schema';
import { requireAmountsFit } from '../../db/book-amounts';
import { type BookScope, bookCurrency, writeInBook } from '../../db/book-scope';
import { isSharedBook } from '../../db/feelings';
import type { BookRows } from '../../db/private-accounts';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, notFound, validationFailed } from '../../lib/http-errors';
import {
  type AccountWithType,
  deleteAccount,
  findAccount,
  findAccountType,
  hasTransactions,
  insertAccount,
  insertBalance,
  listAccounts,
  listBalances,
  monthTotals,
  netChangeSince,
  privateAccountIdsOf,
  unlinkTransfersOfAccount,
  updateAccount,
} from './accounts.repo';
import { balanceForMonth, balancesByAccount, presentAccount } from './accounts.presenter';

const CREDIT_CARD_TYPE_ID = 3;

/** The account, or 404 (also for another book's account, or another member's private one). */
export async function requireAccount(
  db: Kysely<Database>,
  scope: BookRows,
  accountId: number,
): Promise<AccountWithType> {
  const account = await findAccount(db, scope, accountId);
  if (!account) throw notFound('Account');
  return account;
}

/**
 * The currency an account of the book keeps its money in (DECISIONS.md #90), or 404 as
 * requireAccount; the book's base for a row that names no known code.
 */
export async function requireAccountCurrency(db: Kysely<Database>, scope: BookRows, accountId: number): Promise<CurrencyCode> {
  const account = await requireAccount(db, scope, accountId);
  return isCurrencyCode(account.currency) ? account.currency : bookCurrency(db, scope.bookId);
}

/** All of the user's accounts with their balance history. */
export async function listUserAccounts(deps: AppDeps, scope: BookScope): Promise<Account[]> {
  const accounts = await listAccounts(deps.db, scope);
  const balances = balancesByAccount(
    await listBalances(
      deps.db,
      scope,
      accounts.map((a) => a.id),
    ),
  );
  return accounts.map((account) => presentAccount(account, balances.get(account.id) ?? []));
}

export async function getAccount(deps: AppDeps, scope: BookScope, accountId: number): Promise<Account> {
  const account = await requireAccount(deps.db, scope, accountId);
  return presentAccount(account, await listBalances(deps.db, scope, [account.id]));
}

/** Every account with the month's income, expenses and ending balance (spec §9), in 3 queries. */
export async function listAccountsForMonth(
  deps: AppDeps,
  scope: BookScope,
  month: MonthParams,
): Promise<AccountMonth[]> {
  const { from, to } = monthRange(month.year, month.month);
  const accounts = await listAccounts(deps.db, scope);
  const history = balancesByAccount(
    await listBalances(
      deps.db,
      scope,
      accounts.map((a) => a.id),
    ),
  );
  const applied = new Map(
    accounts.map((account) => [account.id, balanceForMonth(history.get(account.id) ?? [], to)]),
  );
  const since = [...applied].flatMap(([accountId, balance]) =>
    balance ? [{ accountId, since: balance.date }] : [],
  );
  // An account in another currency than the book's adds up its own amounts (DECISIONS.md #90).
  const base = await bookCurrency(deps.db, scope.bookId);
  const foreign = { accountIds: accounts.filter((account) => account.currency !== base).map((account) => account.id) };
  const inForeign = (entry: { accountId: number }) => foreign.accountIds.includes(entry.accountId);
  const [totals, net, foreignTotals, foreignNet] = await Promise.all([
    monthTotals(deps.db, scope, from, to),
    netChangeSince(deps.db, scope, since.filter((entry) => !inForeign(entry)), to),
    foreign.accountIds.length > 0 ? monthTotals(deps.db, scope, from, to, foreign) : [],
    netChangeSince(deps.db, scope, since.filter(inForeign), to, foreign),
  ]);
  const totalsByAccount = new Map([...totals, ...foreignTotals].map((row) => [row.account_id, row]));
  for (const [accountId, change] of foreignNet) net.set(accountId, change);

  return accounts.map((account) => {
    const balance = applied.get(account.id);
    const monthTotal = totalsByAccount.get(account.id);
    const available = balance ? Number(balance.available_balance_cents) : 0;
    const change = net.get(account.id) ?? 0;
    return {
      ...presentAccount(account, history.get(account.id) ?? [], balance),
      month_summary: {
        income: fromCents(Number(monthTotal?.income ?? 0)),
        expenses: fromCents(Number(monthTotal?.expenses ?? 0)),
        transaction_count: Number(monthTotal?.transaction_count ?? 0),
        ending_balance: fromCents(available + change),
        ...cardFigures(account, balance, change),
      },
    };
  });
}

/**
 * A card's month-end figures (issue 36): what it owes by the reports' rule and the credit left
 * under its limit. Not the available balance plus the net change, which for a card typed in by hand
 * is its debt (the form asks only for the balance and the limit), so it showed what was owed as
 * what was available.
 */
function cardFigures(account: AccountWithType, balance: BalanceRow | undefined, change: number) {
  if (!isLiabilityAccount(account.type_name, account.subtype)) return { owed: null, available_credit: null };
  const owed = cardOwedCents(balance ? Number(balance.current_balance_cents) : 0, change);
  const credit = availableCreditCents(balance?.limit_cents == null ? null : Number(balance.limit_cents), owed);
  return { owed: fromCents(owed), available_credit: credit === null ? null : fromCents(credit) };
}

async function checkType(db: Kysely<Database>, accountTypeId: number | undefined): Promise<number> {
  const type = accountTypeId === undefined ? undefined : await findAccountType(db, accountTypeId);
  if (!type) throw validationFailed({ account_type_id: [ACCOUNT_TYPE_REQUIRED] });
  return type.id;
}

/** Only cards carry a limit: the Credit card type, or a checking account of the credit-card subtype. */
function hasLimit(accountTypeId: number, subtype: string | null): boolean {
  return accountTypeId === CREDIT_CARD_TYPE_ID || subtype === CREDIT_CARD_SUBTYPE;
}

type BalanceInput = NonNullable<CreateAccountBody['most_recent_balance']>;

async function addBalance(
  deps: AppDeps,
  trx: Kysely<Database>,
  scope: BookScope,
  accountId: number,
  withLimit: boolean,
  balance: BalanceInput,
): Promise<void> {
  const current = toCents(balance.current_balance);
  await insertBalance(trx, {
    book_id: scope.bookId,
    account_id: accountId,
    current_balance_cents: current,
    available_balance_cents:
      balance.available_balance === undefined ? current : toCents(balance.available_balance),
    limit_cents: withLimit && balance.limit != null ? toCents(balance.limit) : null,
    date: balance.date,
    created_at: isoNow(deps.clock),
  });
}

/** A balance's amounts, for the check that the book's currency can hold them (db/book-amounts.ts). */
function balanceAmounts(balance: BalanceInput | undefined) {
  return { most_recent_balance: balance ? [balance.current_balance, balance.available_balance, balance.limit] : undefined };
}

/** True when the submitted balance says nothing new compared with the latest on record. */
function sameBalance(latest: BalanceRow | undefined, input: BalanceInput): boolean {
  if (!latest) return false;
  const current = toCents(input.current_balance);
  const available = input.available_balance === undefined ? current : toCents(input.available_balance);
  return (
    latest.date === input.date &&
    Number(latest.current_balance_cents) === current &&
    Number(latest.available_balance_cents) === available &&
    (input.limit === undefined ||
      (latest.limit_cents === null ? null : Number(latest.limit_cents)) ===
        (input.limit === null ? null : toCents(input.limit)))
  );
}

/**
 * The account's currency after an edit: a new one only while the account has no transactions,
 * whose amounts were written in the old one (DECISIONS.md #90); 422 naming `currency` otherwise.
 */
async function currencyAfterEdit(trx: Kysely<Database>, scope: BookScope, account: AccountWithType, wanted: string | undefined): Promise<CurrencyCode> {
  const current = isCurrencyCode(account.currency) ? account.currency : await bookCurrency(trx, scope.bookId);
  if (wanted === undefined || wanted === current || !isCurrencyCode(wanted)) return current;
  if (await hasTransactions(trx, scope.bookId, account.id)) throw validationFailed({ currency: [ACCOUNT_CURRENCY_LOCKED] });
  return wanted;
}

/** 422 when `private: true` is asked of a personal book's account. */
async function checkPrivateAllowed(trx: Kysely<Database>, scope: BookScope, wantsPrivate: boolean | undefined): Promise<void> {
  if (wantsPrivate && !(await isSharedBook(trx, scope.bookId))) {
    throw validationFailed({ private: [PRIVATE_NEEDS_SHARED_BOOK] });
  }
}

/**
 * Who the account is private to after an edit: unchanged when `private` is left out; made private
 * only by the member who added it (it then disappears for everyone else), shared again by the
 * member it is private to (the only one who can see it).
 */
function privateAfterEdit(account: AccountWithType, scope: BookScope, wantsPrivate: boolean | undefined): number | null {
  if (wantsPrivate === undefined || wantsPrivate === (account.private_user_id !== null)) return account.private_user_id;
  if (!wantsPrivate) return null;
  if (account.created_by_user_id !== scope.userId) throw new HttpError(403, ONLY_CREATOR_MAKES_PRIVATE, { private: [ONLY_CREATOR_MAKES_PRIVATE] });
  return scope.userId;
}

/** Creates an account with its opening balance in one transaction. */
export async function createAccount(
  deps: AppDeps,
  scope: BookScope,
  body: CreateAccountBody,
): Promise<Account> {
  const subtype = body.subtype ?? null;
  const accountId = await writeInBook(deps, scope, async (trx) => {
    const accountTypeId = await checkType(trx, body.account_type_id);
    await checkPrivateAllowed(trx, scope, body.private);
    const currency = body.currency ?? (await bookCurrency(trx, scope.bookId));
    requireAmountsFit(currency, balanceAmounts(body.most_recent_balance));
    const { id } = await insertAccount(trx, {
      bookId: scope.bookId,
      name: (body.name ?? '').trim(),
      accountTypeId,
      subtype,
      createdBy: scope.userId,
      privateTo: body.private ? scope.userId : null,
      currency,
      createdAt: isoNow(deps.clock),
    });
    await addBalance(deps, trx, scope, id, hasLimit(accountTypeId, subtype), body.most_recent_balance);
    return id;
  });
  return getAccount(deps, scope, accountId);
}

/**
 * Renames or retypes the account; a balance that differs from the latest joins the history. The
 * latest balance is compared under the book's write lock, so two saves of one form add it once.
 */
export async function editAccount(
  deps: AppDeps,
  scope: BookScope,
  accountId: number,
  body: UpdateAccountBody,
): Promise<Account> {
  const balance = body.most_recent_balance;
  await writeInBook(deps, scope, async (trx) => {
    const account = await requireAccount(trx, scope, accountId);
    const accountTypeId = await checkType(trx, body.account_type_id);
    await checkPrivateAllowed(trx, scope, body.private);
    const currency = await currencyAfterEdit(trx, scope, account, body.currency);
    requireAmountsFit(currency, balanceAmounts(balance));
    const privateTo = privateAfterEdit(account, scope, body.private);
    const subtype = body.subtype === undefined ? account.subtype : body.subtype;
    const latest = (await listBalances(trx, scope, [accountId])).at(-1);
    await updateAccount(trx, scope.bookId, accountId, { name: (body.name ?? '').trim(), accountTypeId, subtype, privateTo, currency });
    if (balance && !sameBalance(latest, balance)) {
      // A form that does not show the limit keeps the one on record.
      const limit =
        balance.limit === undefined && latest?.limit_cents != null
          ? fromCents(Number(latest.limit_cents))
          : balance.limit;
      await addBalance(deps, trx, scope, accountId, hasLimit(accountTypeId, subtype), { ...balance, limit });
    }
  });
  return getAccount(deps, scope, accountId);
}

/** Deletes the account with its balances and transactions, atomically. */
export async function removeAccount(deps: AppDeps, scope: BookScope, accountId: number): Promise<void> {
  await writeInBook(deps, scope, async (trx) => {
    await requireAccount(trx, scope, accountId);
    await unlinkTransfersOfAccount(trx, scope.bookId, accountId, isoNow(deps.clock));
    await deleteAccount(trx, scope.bookId, accountId);
  });
}

/**
 * Before a user's account is deleted, in the caller's transaction under the book's lock: their
 * private accounts in a shared book go with them (DECISIONS.md #84), each as DELETE /accounts/:id
 * would take it, its transfers ended first so the other legs stay as ordinary rows.
 */
export async function deletePrivateAccounts(trx: Kysely<Database>, bookId: number, userId: number, now: string): Promise<void> {
  for (const accountId of await privateAccountIdsOf(trx, bookId, userId)) {
    await unlinkTransfersOfAccount(trx, bookId, accountId, now);
    await deleteAccount(trx, bookId, accountId);
  }
}
