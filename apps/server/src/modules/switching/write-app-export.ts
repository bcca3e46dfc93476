/**
 * Brings an app's export into the book, all or nothing, under the book's write lock (DECISIONS.md
 * #98): accounts found by name or made, categories placed on Mindspend's tree, payees found or
 * made, and every transaction and transfer that an earlier upload of the export did not bring.
 */
import { SWITCHING_APP_NAMES, shortEntityName, type AppExport, type CurrencyCode } from '@mindspend/domain';
import { LEFT_BEHIND_LISTED, type SwitchSummary } from '@mindspend/api-contract';
import type { Kysely } from 'kysely';
import { bookCurrency, writeInBook, type BookScope } from '../../db/book-scope';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { validationFailed } from '../../lib/http-errors';
import { insertAccount, insertBalance, listAccounts } from '../accounts';
import { amountsInBase, type AmountsInBase, type LineInAccount, type StoredLine } from '../fx-rates';
import { categoryPlacer } from './app-categories';
import { planRows, type PlannedRows } from './app-rows';
import { accountTypeIds, entitiesByName, importKeysWithPrefix, insertAppRows, insertEntity, insertSplitLines, insertTransfers, type NewAppRow } from './switching.repo';

const TYPE_NAME_OF_KIND = { checking: 'Checking', savings: 'Savings', 'credit card': 'Credit card' } as const;

/** The day before `date` (YYYY-MM-DD): a new account's zero balance is dated then, so every row counts toward it. */
function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * Each export account's id and currency in the book: found by name (in the same currency) or made
 * in the export's currency (the book's when the app names none) with a zero starting balance.
 */
async function placeAccounts(trx: Kysely<Database>, scope: BookScope, data: AppExport, base: CurrencyCode, now: string) {
  const existing = new Map((await listAccounts(trx, scope)).map((account) => [account.name.trim().toLowerCase(), account]));
  const types = await accountTypeIds(trx);
  const firstDates = new Map<string, string>();
  const seeDate = (account: string, date: string) => {
    const first = firstDates.get(account);
    if (first === undefined || date < first) firstDates.set(account, date);
  };
  for (const row of data.transactions) seeDate(row.account, row.date);
  for (const transfer of data.transfers) for (const account of [transfer.from, transfer.to]) seeDate(account, transfer.date);

  const ids = new Map<string, { id: number; currency: string }>();
  let created = 0;
  for (const account of data.accounts) {
    const currency = account.currency ?? base;
    const found = existing.get(account.name.trim().toLowerCase());
    if (found) {
      if (found.currency !== currency)
        throw validationFailed({ file: [`Your account "${found.name}" keeps ${found.currency}; the export's account of that name keeps ${currency}. Rename one of them and upload again.`] });
      ids.set(account.name, { id: found.id, currency });
      continue;
    }
    const typeId = types.get(TYPE_NAME_OF_KIND[account.kind]);
    if (typeId === undefined) throw new Error(`account type ${account.kind} missing`);
    const { id } = await insertAccount(trx, {
      bookId: scope.bookId,
      name: account.name.slice(0, 100),
      accountTypeId: typeId,
      subtype: null,
      createdBy: scope.userId,
      privateTo: null,
      currency,
      createdAt: now,
    });
    const date = dayBefore(firstDates.get(account.name) ?? now.slice(0, 10));
    await insertBalance(trx, { book_id: scope.bookId, account_id: id, current_balance_cents: 0, available_balance_cents: 0, limit_cents: null, date, created_at: now });
    ids.set(account.name, { id, currency });
    created += 1;
  }
  return { ids, created, matched: data.accounts.length - created };
}

/** A row of an account in the book's own currency: stored as it comes. */
function baseAmounts(amountCents: number, lines: readonly LineInAccount[]): AmountsInBase {
  return { amount_cents: amountCents, account_amount_cents: null, fx_rate: null, fx_date: null, lines: lines.map((line) => ({ ...line, accountAmountCents: null })) };
}

function accountOf(accounts: ReadonlyMap<string, { id: number; currency: string }>, name: string): { id: number; currency: string } {
  const account = accounts.get(name);
  // The readers list every account a row names; a row naming another is a reader's fault.
  if (account === undefined) throw new Error(`export row names an account it does not list: ${name}`);
  return account;
}

export async function writeAppExport(deps: AppDeps, scope: BookScope, data: AppExport): Promise<SwitchSummary> {
  const base = await bookCurrency(deps.db, scope.bookId);
  const planned: PlannedRows = planRows(data);
  return writeInBook(deps, scope, async (trx) => {
    const now = isoNow(deps.clock);
    const accounts = await placeAccounts(trx, scope, data, base, now);
    const known = await importKeysWithPrefix(trx, scope.bookId, [...accounts.ids.values()].map((account) => account.id), `app:${data.app}:`);
    const transactions = planned.transactions.filter((row) => !known.has(row.key));
    const transfers = planned.transfers.filter((transfer) => !known.has(transfer.fromKey));

    // A category with money planned but nothing spent yet (a savings goal) comes along too.
    const budgeted = data.budgets.map((budget) => ({ category: budget.category, type: 'expense' as const }));
    const wanted = [...transactions.flatMap((row) => row.lines.map((line) => ({ category: line.category, type: row.type }))), ...budgeted];
    const categories = await categoryPlacer(trx, { bookId: scope.bookId, app: data.app }, wanted);
    for (const { category, type } of budgeted) await categories.place(category, type);
    const payees = await entitiesByName(trx, scope.bookId);
    let payeesCreated = 0;
    const payeeOf = async (name: string | null) => {
      const trimmed = name?.trim().slice(0, 255) ?? '';
      if (trimmed === '') return null;
      const found = payees.get(trimmed.toLowerCase());
      if (found !== undefined) return found;
      const id = await insertEntity(trx, scope.bookId, { name: trimmed, short: shortEntityName(trimmed) }, now);
      payees.set(trimmed.toLowerCase(), id);
      payeesCreated += 1;
      return id;
    };

    // A row of an account in another currency keeps its own amount beside the book's, converted
    // at its day's rate (fx-rates/amounts-in-base.ts); without a rate nothing is written (422).
    const stored = async (account: { currency: string }, date: string, amountCents: number, lines: LineInAccount[]) =>
      account.currency === base ? baseAmounts(amountCents, lines) : amountsInBase(trx, scope.bookId, account.currency, date, amountCents, lines);
    const rows: NewAppRow[] = [];
    const lines: Array<{ key: string; line: StoredLine }> = [];
    for (const row of transactions) {
      const { source } = row;
      const account = accountOf(accounts.ids, source.account);
      const placed: LineInAccount[] = [];
      for (const line of row.lines) placed.push({ subcategoryId: await categories.place(line.category, row.type), amountCents: line.amountCents });
      const amounts = await stored(account, source.date, row.amountCents, placed);
      rows.push({ accountId: account.id, entityId: await payeeOf(source.payee), type: row.type, date: source.date, description: source.payee, notes: source.memo, key: row.key, amounts });
      for (const line of amounts.lines) lines.push({ key: row.key, line });
    }
    for (const { source, fromKey, toKey } of transfers) {
      const common = { entityId: null, date: source.date, notes: source.memo };
      const from = accountOf(accounts.ids, source.from);
      const to = accountOf(accounts.ids, source.to);
      rows.push({ ...common, accountId: from.id, type: 'expense', description: `Transfer to ${source.to}`, key: fromKey, amounts: await stored(from, source.date, source.amountCents, []) });
      rows.push({ ...common, accountId: to.id, type: 'income', description: `Transfer from ${source.from}`, key: toKey, amounts: await stored(to, source.date, source.toAmountCents, []) });
    }
    const ids = await insertAppRows(trx, scope.bookId, rows, now);
    const idOf = (key: string) => {
      const id = ids.get(key);
      if (id === undefined) throw new Error(`inserted row without its key: ${key}`);
      return id;
    };
    await insertSplitLines(trx, scope.bookId, lines.map(({ key, line }) => ({ transactionId: idOf(key), ...line })));
    await insertTransfers(trx, scope.bookId, transfers.map((transfer) => ({ fromTransactionId: idOf(transfer.fromKey), toTransactionId: idOf(transfer.toKey) })), now);

    const leftBehind = [...data.leftBehind, ...planned.leftBehind];
    if (data.budgets.length > 0)
      leftBehind.push({
        source: `${SWITCHING_APP_NAMES[data.app]} budget`,
        reason: `${data.budgets.length} monthly budget amounts: their categories are here, but Mindspend's budgets repeat every month, so make them on the Budgets page (suggested budgets start from the spending brought over).`,
      });
    return {
      app: data.app,
      accounts_created: accounts.created,
      accounts_matched: accounts.matched,
      categories_created: categories.created(),
      payees_created: payeesCreated,
      transactions: transactions.length,
      splits: transactions.filter((row) => row.lines.length > 1).length,
      transfers: transfers.length,
      duplicates_skipped: planned.transactions.length - transactions.length + planned.transfers.length - transfers.length,
      left_behind: leftBehind.slice(0, LEFT_BEHIND_LISTED),
      left_behind_count: leftBehind.length,
    };
  });
}
