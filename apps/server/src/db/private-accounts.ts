/**
 * Private accounts in a shared book (issue 25; docs/DECISIONS.md #84): the one place that says how a
 * query leaves out other members' private accounts. A repo that reads or writes rows tied to an
 * account (the account itself, its balances, transactions and what hangs off them, import jobs,
 * bank links, income sources) narrows its query with `hidingPrivate` (query builder) or
 * `andNotHidden` (raw SQL) after its `book_id` clause. Nothing is added when nothing is hidden —
 * every personal book, and every shared book without another member's private account — so those
 * queries keep the very SQL they had.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { BookScope } from './book-scope';

/** What a repo needs of the scope to keep to the rows the person may see. */
export type BookRows = Pick<BookScope, 'bookId' | 'hiddenAccountIds'>;

/** Any query builder with a where clause (select, update, delete). */
interface Narrowable<QB> {
  where(expression: Expression<SqlBool>): QB;
}

/**
 * `.$call(hidingPrivate(scope, 't.account_id'))`: the query without rows of other members'
 * private accounts. `column` is the account id column as the query names it (`accounts.id` for
 * the accounts table itself).
 */
export function hidingPrivate(scope: BookRows, column: string) {
  return <QB extends Narrowable<QB>>(query: QB): QB => (nothingHidden(scope) ? query : query.where(notHidden(scope, column)));
}

/**
 * `.$call(hidingPrivateIfAny(scope, 'account_id'))` for a column that may name no account (a goal
 * that follows none): such rows stay, as `not in` alone would drop them (null is never "not in").
 */
export function hidingPrivateIfAny(scope: BookRows, column: string) {
  return <QB extends Narrowable<QB>>(query: QB): QB =>
    nothingHidden(scope) ? query : query.where(sql<SqlBool>`(${sql.ref(column)} is null or ${notHidden(scope, column)})`);
}

/** A join's `on` clause (join builder) */
interface Joinable<JB> {
  on(expression: Expression<SqlBool>): JB;
}

/** `.$call(joinHidingPrivate(scope, 'oa.id'))` on a left join: another member's private account joins no row. */
export function joinHidingPrivate(scope: BookRows, column: string) {
  return <JB extends Joinable<JB>>(join: JB): JB => (nothingHidden(scope) ? join : join.on(notHidden(scope, column)));
}

/** ` and <column> not in (…)` for raw SQL after its book clause; nothing when nothing is hidden. */
export function andNotHidden(scope: BookRows, column: string): RawBuilder<unknown> {
  return nothingHidden(scope) ? sql`` : sql` and ${notHidden(scope, column)}`;
}

/** True in every personal book and every shared book without another member's private account. */
export function nothingHidden(scope: BookRows): boolean {
  return scope.hiddenAccountIds.length === 0;
}

function notHidden(scope: BookRows, column: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} not in (${sql.join([...scope.hiddenAccountIds])})`;
}

/** True when the account is another member's private one: to the person, it does not exist. */
export function isHidden(scope: BookRows, accountId: number): boolean {
  return scope.hiddenAccountIds.includes(accountId);
}

/**
 * For a payee list: the payee is used somewhere, and only in other members' private accounts.
 * Such a payee is theirs to see (its name alone tells where they spend); a payee nobody has used
 * yet, or used in a shared account too, is the book's.
 */
export function onlyInHiddenAccounts(scope: BookRows, entityColumn: string): RawBuilder<SqlBool> {
  const entity = sql.ref(entityColumn);
  return sql<SqlBool>`(exists (select 1 from transactions h where h.entity_id = ${entity} and h.book_id = ${scope.bookId} and ${notHidden(scope, 'h.account_id')} is not true)
    and not exists (select 1 from transactions v where v.entity_id = ${entity} and v.book_id = ${scope.bookId} and ${notHidden(scope, 'v.account_id')}))`;
}
