/**
 * Racing restores (issue 10, row 6): a backup restored into an empty account from several tabs at
 * once must land once; the other requests meet an account that is no longer empty.
 */
import { BACKUP_NOT_EMPTY, type Backup, backupSchema } from '@mindspend/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity, expenseSubcategories, validationError } from './fixtures';
import {
  Api,
  type Cluster,
  TEST_DB,
  buildServer,
  countStatuses,
  expectNoServerErrors,
  startCluster,
} from './harness';

const RESTORES = 5;
/** Each round restores into a fresh empty account. */
const ROUNDS = 3;

/** The rows a backup holds, per table. */
const sizeOf = (backup: Backup) => ({
  accounts: backup.accounts.length,
  entities: backup.entities.length,
  transactions: backup.transactions.length,
  budgets: backup.budgets.length,
});

describe(`racing restores on ${TEST_DB}`, () => {
  let cluster: Cluster;
  let backup: Backup;

  beforeAll(async () => {
    await buildServer();
    cluster = await startCluster();
    // A small but complete account to back up: an account, payees, transactions with split lines, a budget.
    const source = await Api.signUp(cluster, 'race-restore-source@example.com');
    const accountId = await createAccount(source);
    const payee = await createEntity(source, accountId, 'Fred Meyer #441');
    const [groceries, fuel] = await expenseSubcategories(source);
    for (let day = 1; day <= 9; day += 1) {
      await source.send(
        'POST',
        `/accounts/${accountId}/transactions`,
        {
          type: 'expense',
          amount: 10 * day,
          date: `2026-10-0${day}`,
          entity_id: payee,
          subcategories: [{ id: groceries?.id }],
        },
        201,
      );
    }
    await source.send(
      'POST',
      '/budgets',
      { transaction_subcategory_id: fuel?.id, amount: 90, repeat_start: '2026-10-01' },
      201,
    );
    backup = backupSchema.parse(await source.get('/export/backup.json'));
  });
  afterAll(() => cluster?.stop());

  it(`restores one backup once from ${RESTORES} parallel restores into one empty account, ${ROUNDS} rounds`, async () => {
    const outcomes: string[] = [];
    const messages = new Set<string>();
    const apis: Api[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const api = await Api.signUp(cluster, `race-restore-${round}@example.com`);
      apis.push(api);
      const answers = await Promise.all(
        Array.from({ length: RESTORES }, (_, i) =>
          api.call('POST', '/import-backup', { json: backup, via: i }),
        ),
      );
      for (const answer of answers)
        if (answer.status === 422) messages.add(validationError.parse(answer.body).message);
      const restored = sizeOf(backupSchema.parse(await api.get('/export/backup.json')));
      outcomes.push(`${JSON.stringify(countStatuses(answers))}, ${JSON.stringify(restored)}`);
    }

    for (const api of apis) expectNoServerErrors(api);
    const once = `${JSON.stringify({ 201: 1, 422: RESTORES - 1 })}, ${JSON.stringify(sizeOf(backup))}`;
    expect.soft(outcomes).toEqual(Array.from({ length: ROUNDS }, () => once));
    expect.soft([...messages]).toEqual([BACKUP_NOT_EMPTY]);
  });
});
