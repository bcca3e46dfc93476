/** Switching from another budgeting app in one step (POST /api/imports/from-app, DECISIONS.md #98). */
import type { SwitchSummary } from '@mindspend/api-contract';
import type { DateOrderAnswer, SwitchingApp } from '@mindspend/domain';
import { queryClient } from '../../lib/query-client';
import { uploadForm } from '../../lib/upload';
import { invalidateAccounts } from '../accounts/api';
import { invalidateEntities } from '../entities/api';
import { invalidateTransactions } from '../transactions/api';

export type { SwitchSummary };

export interface AppUploadChoice {
  app: SwitchingApp;
  file: File;
  /** YNAB's budget CSV beside its register CSV. */
  budget: File | null;
  /** The person's answer when a YNAB export's dates read both ways. */
  dateOrder: DateOrderAnswer | null;
}

/** Uploads the export (and for YNAB's register CSV its budget CSV) and answers what was brought. */
export async function importFromApp(choice: AppUploadChoice, onProgress: (percent: number) => void): Promise<SwitchSummary> {
  const { app, file, budget, dateOrder } = choice;
  const form = new FormData();
  form.append('app', app);
  if (dateOrder) form.append('date_order', dateOrder);
  form.append('file', file, file.name);
  if (budget) form.append('budget', budget, budget.name);
  const summary = await uploadForm('importFromApp', form, { onProgress });
  // New accounts, payees, rows and the book's own categories: every list that shows them is read again.
  await Promise.all([invalidateAccounts(), invalidateEntities(), invalidateTransactions(), queryClient.invalidateQueries({ queryKey: ['categories'] })]);
  return summary;
}
