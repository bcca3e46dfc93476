/**
 * Restores a backup file into an empty account (POST /import-backup): validated whole first
 * (shape, version, every reference), then written in one database transaction with new ids.
 */
import {
  BACKUP_NOT_EMPTY,
  BACKUP_ZIP_MESSAGES,
  BACKUP_WRONG_VERSION,
  type Backup,
  type ImportBackupResponse,
  backupSchema,
} from '@mindspend/api-contract';
import { USD, canonicalRate } from '@mindspend/domain';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import { type BookScope, writeInBook } from '../../db/book-scope';
import { type Feelings, feelingsOf, recordFeeling } from '../../db/feelings';
import type { Database } from '../../db/schema';
import { isoNow } from '../../lib/clock';
import type { AppDeps } from '../../deps';
import { HttpError, validationFailed } from '../../lib/http-errors';
import { saveTargets, saveReflection } from '../feelings';
import { budgetSettingProblems, budgetSettingRows } from './restore-budget-settings';
import { insertAll, ownsNothing, referenceIds, restoreCategories, restoreCurrencyRows } from './restore.repo';
import { ruleProblems, ruleRows } from './restore-rules';
import { restoreTransfers, transferProblems } from './restore-transfers';
import { categoryProblems, ownSubcategoryIds } from './restore-categories';
import { attachmentProblems } from './restore-attachments';
import { type RestoredAttachmentRow, insertRestoredAttachments } from './backup-zip.repo';

/** An attachment whose file the restore has stored: its row, with the file's transaction id. */
export type RestoredFile = Omit<RestoredAttachmentRow, 'transaction_id'> & { transactionId: number };

const MAX_LISTED_PROBLEMS = 5;

function refused(problems: string[]): HttpError {
  return validationFailed({ backup: problems.slice(0, MAX_LISTED_PROBLEMS) });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
  return `The backup file is not valid: ${where || 'the file'} — ${issue.message}`;
}

/** Parses the body as a backup of this version, or refuses it with the first problems found. */
function parseBackup(body: unknown): Backup {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw refused(['The backup file is not valid: it must be the JSON object Mindspend exports.']);
  }
  const record = body as Record<string, unknown>;
  if (record.format !== 'mindspend-backup' || record.version !== 1) throw refused([BACKUP_WRONG_VERSION]);
  const parsed = backupSchema.safeParse(body);
  if (!parsed.success) throw refused(parsed.error.issues.map(describeIssue));
  return parsed.data;
}

/** Every id the file refers to must be a row of the file itself (or a shared category/type). */
function checkReferences(
  backup: Backup,
  reference: { accountTypes: Set<number>; subcategories: Set<number> },
): string[] {
  const problems: string[] = categoryProblems(backup, reference.subcategories);
  // The default tree's sub-categories and the file's own.
  const shared = { ...reference, subcategories: new Set([...reference.subcategories, ...ownSubcategoryIds(backup)]) };
  const idsOf = (name: string, rows: ReadonlyArray<{ id: number }>) => {
    const ids = new Set(rows.map((row) => row.id));
    if (ids.size !== rows.length) problems.push(`The backup file is not valid: two ${name} share an id.`);
    return ids;
  };
  const accounts = idsOf('accounts', backup.accounts);
  const entities = idsOf('payees', backup.entities);
  idsOf('transactions', backup.transactions);
  idsOf('budgets', backup.budgets);
  idsOf('income sources', backup.income_sources);
  idsOf('goals', backup.goals);
  const missing = (what: string, id: number, refersTo: string) =>
    problems.push(`The backup file refers to ${refersTo} ${id} that it does not contain (${what}).`);
  for (const a of backup.accounts)
    if (!shared.accountTypes.has(a.account_type_id))
      missing(`account ${a.id}`, a.account_type_id, 'account type');
  for (const t of backup.transactions) {
    if (!accounts.has(t.account_id)) missing(`transaction ${t.id}`, t.account_id, 'account');
    if (t.entity_id !== null && !entities.has(t.entity_id))
      missing(`transaction ${t.id}`, t.entity_id, 'payee');
    for (const s of t.splits)
      if (!shared.subcategories.has(s.subcategory_id))
        missing(`transaction ${t.id}`, s.subcategory_id, 'sub-category');
  }
  problems.push(...transferProblems(backup.transactions));
  for (const b of backup.budgets)
    if (!shared.subcategories.has(b.subcategory_id))
      missing(`budget ${b.id}`, b.subcategory_id, 'sub-category');
  for (const i of backup.income_sources) {
    if (!accounts.has(i.account_id)) missing(`income source ${i.id}`, i.account_id, 'account');
    if (!entities.has(i.entity_id)) missing(`income source ${i.id}`, i.entity_id, 'payee');
  }
  for (const g of backup.goals)
    if (g.account_id !== null && !accounts.has(g.account_id))
      missing(`goal ${g.id}`, g.account_id, 'account');
  problems.push(...budgetSettingProblems(backup.budgets));
  problems.push(...ruleProblems(backup, { accounts, entities, subcategories: shared.subcategories }));
  return problems;
}

const remap = (ids: ReadonlyMap<number, number>, id: number): number => {
  const mapped = ids.get(id);
  // checkReferences has already refused a file with a dangling reference.
  if (mapped === undefined) throw new Error(`unmapped backup id ${id}`);
  return mapped;
};

/** The file's feelings as the restoring member's own in a shared book, by feeling pair (at most 25 writes). */
async function restoreMemberFeelings(
  trx: Kysely<Database>,
  feelings: Feelings,
  transactions: Backup['transactions'],
  newId: (oldId: number) => number,
  now: string,
): Promise<void> {
  const byPair = new Map<string, { first: string | null; second: string | null; ids: number[] }>();
  for (const t of transactions) {
    if (t.emotion === null && (t.second_feeling ?? null) === null) continue;
    const key = `${t.emotion}|${t.second_feeling ?? null}`;
    const pair = byPair.get(key) ?? { first: t.emotion, second: t.second_feeling ?? null, ids: [] };
    pair.ids.push(newId(t.id));
    byPair.set(key, pair);
  }
  for (const pair of byPair.values()) await recordFeeling(trx, feelings, pair.ids, { first: pair.first, second: pair.second }, now);
}

const zip = (oldIds: readonly number[], newIds: readonly number[]) =>
  new Map(oldIds.map((id, index) => [id, newIds[index] ?? 0]));

/** The body as a backup whose every reference holds, or a 422 listing the first problems. */
export async function checkedBackup(deps: AppDeps, body: unknown): Promise<Backup> {
  const backup = parseBackup(body);
  const problems = checkReferences(backup, await referenceIds(deps.db));
  problems.push(...attachmentProblems(backup));
  if (problems.length > 0) throw refused(problems);
  return backup;
}

/** Restores a JSON backup into the signed-in user's empty account, all or nothing. */
export async function importBackup(deps: AppDeps, scope: BookScope, body: unknown): Promise<ImportBackupResponse> {
  const backup = await checkedBackup(deps, body);
  // Its files are in the zip it came in (DECISIONS.md #113): restored without them, rows would name nothing.
  if ((backup.attachments ?? []).length > 0) throw refused([BACKUP_ZIP_MESSAGES.filesNeedZip]);
  return restoreBackup(deps, scope, backup, []);
}

/**
 * Writes a checked backup into the empty book under its write lock, with the rows of the
 * attachments whose files are already in the store (`files`, keyed by the file's transaction id).
 */
export async function restoreBackup(deps: AppDeps, scope: BookScope, backup: Backup, files: readonly RestoredFile[]): Promise<ImportBackupResponse> {

  // The emptiness check and the restore share the book's write lock: of restores sent at once,
  // one finds the account empty and the others find it restored.
  const counts = await writeInBook(deps, scope, async (trx) => {
    if (!(await ownsNothing(trx, scope.bookId)))
      throw new HttpError(422, BACKUP_NOT_EMPTY, { backup: [BACKUP_NOT_EMPTY] });
    const book_id = scope.bookId;
    // In a shared book the file's feelings become the restoring member's own (db/feelings.ts).
    const feelings = await feelingsOf(trx, scope);
    const subcategoryId = await restoreCategories(trx, book_id, backup);
    const accountIds = zip(
      backup.accounts.map((a) => a.id),
      await insertAll(
        trx,
        'accounts',
        backup.accounts.map((a) => ({
          book_id,
          name: a.name,
          account_type_id: a.account_type_id,
          subtype: a.subtype,
          // Files from before accounts had a currency: every account was in the book's.
          currency: a.currency ?? backup.base_currency ?? 'USD',
          created_at: a.created_at,
        })),
      ),
    );
    const balances = backup.accounts.flatMap((a) =>
      a.balances.map((b) => ({ ...b, book_id, account_id: remap(accountIds, a.id) })),
    );
    await insertAll(trx, 'account_balances', balances);
    const entityIds = zip(
      backup.entities.map((e) => e.id),
      await insertAll(
        trx,
        'entities',
        backup.entities.map(({ id: _id, ...e }) => ({ ...e, book_id })),
      ),
    );
    const transactionIds = zip(
      backup.transactions.map((t) => t.id),
      await insertAll(
        trx,
        'transactions',
        backup.transactions.map(({ id: _id, splits: _splits, ...t }) => ({
          ...t,
          emotion: feelings.shared ? null : t.emotion,
          // Every row names the column, so one multi-row INSERT fits files with and without it.
          second_feeling: feelings.shared ? null : (t.second_feeling ?? null),
          // Linked below, once both legs have their new ids.
          transfer_id: null,
          account_amount_cents: t.account_amount_cents ?? null,
          fx_rate: t.fx_rate ?? null,
          fx_date: t.fx_date ?? null,
          book_id,
          account_id: remap(accountIds, t.account_id),
          entity_id: t.entity_id === null ? null : remap(entityIds, t.entity_id),
        })),
      ),
    );
    if (feelings.shared) await restoreMemberFeelings(trx, feelings, backup.transactions, (id) => remap(transactionIds, id), isoNow(deps.clock));
    const splits = backup.transactions.flatMap((t) =>
      t.splits.map((s) => ({
        book_id,
        transaction_id: remap(transactionIds, t.id),
        subcategory_id: subcategoryId(s.subcategory_id),
        amount_cents: s.amount_cents,
        account_amount_cents: s.account_amount_cents ?? null,
      })),
    );
    await insertAll(trx, 'transaction_splits', splits);
    await insertRestoredAttachments(trx, book_id, files.map(({ transactionId, ...row }) => ({ ...row, transaction_id: remap(transactionIds, transactionId) })));
    await restoreTransfers(trx, book_id, backup.transactions, (id) => remap(transactionIds, id));
    const budgetIds = zip(
      backup.budgets.map((b) => b.id),
      await insertAll(
        trx,
        'budgets',
        backup.budgets.map(({ id: _id, months: _months, rollover_changes: _changes, regret_alerts: _alerts, ...b }) => ({
          ...b,
          // Every row names the column, so one multi-row INSERT fits files with and without it.
          regret_cap_cents: b.regret_cap_cents ?? null,
          subcategory_id: subcategoryId(b.subcategory_id),
          book_id,
        })),
      ),
    );
    const months = backup.budgets.flatMap((b) =>
      b.months.map((m) => ({ ...m, book_id, budget_id: remap(budgetIds, b.id) })),
    );
    await insertAll(trx, 'budget_months', months);
    const settings = budgetSettingRows(backup.budgets, book_id, (id) => remap(budgetIds, id));
    await insertAll(trx, 'budget_rollover_changes', settings.rollover);
    // The months already notified, and no notification now (docs/DECISIONS.md #56).
    await insertAll(trx, 'budget_regret_alerts', settings.alerts);
    await insertAll(
      trx,
      'income_sources',
      backup.income_sources.map(({ id: _id, ...i }) => ({
        ...i,
        book_id,
        account_id: remap(accountIds, i.account_id),
        entity_id: remap(entityIds, i.entity_id),
      })),
    );
    await insertAll(
      trx,
      'goals',
      backup.goals.map(({ id: _id, ...g }) => ({
        ...g,
        book_id,
        account_id: g.account_id === null ? null : remap(accountIds, g.account_id),
      })),
    );
    const targets = backup.purpose_targets;
    if (targets) {
      const { updated_at: updatedAt, ...shares } = targets;
      await saveTargets(trx, scope, shares, updatedAt);
    }
    const rules = ruleRows(backup, book_id, {
      account: (id) => remap(accountIds, id),
      entity: (id) => remap(entityIds, id),
      subcategory: subcategoryId,
    });
    await insertAll(trx, 'rules', rules);
    const fxRates = (backup.fx_rates ?? []).map((row) => ({ ...row, rate: canonicalRate(row.rate) }));
    await restoreCurrencyRows(trx, book_id, backup.base_currency ?? USD, fxRates);
    const reflections = backup.month_reflections ?? [];
    for (const { year, month, went_well, change_next, updated_at: updatedAt } of reflections) {
      await saveReflection(trx, scope, { year, month }, { went_well, change_next }, updatedAt);
    }
    return {
      accounts: backup.accounts.length,
      account_balances: balances.length,
      entities: backup.entities.length,
      transactions: backup.transactions.length,
      transaction_splits: splits.length,
      budgets: backup.budgets.length,
      budget_months: months.length,
      income_sources: backup.income_sources.length,
      goals: backup.goals.length,
      month_reflections: reflections.length,
      rules: rules.length,
      budget_rollover_changes: settings.rollover.length,
      fx_rates: fxRates.length,
      categories: backup.categories?.length ?? 0,
      attachments: files.length,
    };
  });
  return { message: 'Backup restored.', counts };
}
