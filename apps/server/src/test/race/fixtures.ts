/** Set-up the race tests share, through the API of the real processes: accounts, payees, sub-categories. */
import { type Subcategory, categoriesResponse } from '@mindspend/api-contract';
import { z } from 'zod';
import type { Api } from './harness';

const withId = z.object({ id: z.number().int() });

/** A 422 answer: the rule's message, per field. */
export const validationError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

/** A checking account; returns its id. */
export async function createAccount(api: Api, name = 'Race Checking'): Promise<number> {
  const body = await api.send(
    'POST',
    '/accounts',
    { name, account_type_id: 2, most_recent_balance: { current_balance: 2500, date: '2026-01-01' } },
    201,
  );
  return withId.parse(body).id;
}

/** A payee of the account; returns its id. */
export async function createEntity(api: Api, accountId: number, name: string): Promise<number> {
  return withId.parse(await api.send('POST', `/accounts/${accountId}/entities`, { name }, 201)).id;
}

/** The default tree's expense sub-categories (several dozen), in the API's order. */
export async function expenseSubcategories(api: Api): Promise<Subcategory[]> {
  const categories = categoriesResponse.parse(await api.get('/transactions/categories'));
  return categories
    .flatMap((category) => category.subcategories)
    .filter((subcategory) => subcategory.type === 'expense');
}

/** Any sub-category answer's id. */
export function idOf(body: unknown): number {
  return withId.parse(body).id;
}

/** An import job as GET /api/imports/{id} answers it. */
export const importJob = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'processing', 'completed', 'failed']),
  rows_read: z.number().int(),
  rows_imported: z.number().int(),
  duplicates_skipped: z.number().int(),
  error: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

/**
 * Uploads a CSV statement the way the browser does (multipart), with `confirm` when given (the
 * answers to the file's questions, DECISIONS.md #95); returns the queued job's id.
 */
export async function uploadCsv(api: Api, accountId: number, csv: string, via?: number, confirm?: string): Promise<number> {
  const form = new FormData();
  form.append('account_id', String(accountId));
  if (confirm !== undefined) form.append('confirm', confirm);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
  const answer = await api.call('POST', '/upload-transactions', { form, via });
  if (answer.status !== 202)
    throw new Error(`upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return idOf(answer.body);
}

export async function jobOf(api: Api, jobId: number, via?: number): Promise<ImportJob> {
  return importJob.parse(await api.get(`/imports/${jobId}`, via));
}

/** Only what counting needs of a backup file: zod then skips the other fields of many thousand rows. */
const backupTransactions = z.object({ transactions: z.array(z.object({ account_id: z.number().int() })) });

/** The transactions of one account, counted from the user's backup file (one request, any size). */
export async function transactionCount(api: Api, accountId: number): Promise<number> {
  const { transactions } = backupTransactions.parse(await api.get('/export/backup.json'));
  return transactions.filter((transaction) => transaction.account_id === accountId).length;
}
