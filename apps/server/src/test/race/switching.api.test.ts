/**
 * Racing switches (DECISIONS.md #98): the same app export uploaded from several tabs at once, on
 * two processes on PostgreSQL, lands once: one upload brings the rows, the others find them there.
 */
import { readYnabExport } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementFixture } from '../statement-ledger';
import { Api, type Cluster, TEST_DB, buildServer, expectNoServerErrors, startCluster } from './harness';

const UPLOADS = 4;
const ROUNDS = 3;
const register = statementFixture('switching-ynab-register.csv');

function upload(api: Api, via: number) {
  const form = new FormData();
  form.append('app', 'ynab');
  form.append('file', new Blob([register], { type: 'text/csv' }), 'My Budget - Register.csv');
  return api.call('POST', '/imports/from-app', { form, via });
}

describe(`racing switches from YNAB on ${TEST_DB}`, () => {
  let cluster: Cluster;
  beforeAll(async () => {
    await buildServer();
    cluster = await startCluster();
  });
  afterAll(() => cluster?.stop());

  it(`brings one export once from ${UPLOADS} parallel uploads, ${ROUNDS} rounds`, async () => {
    const source = readYnabExport(register.toString('utf8'), null);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const api = await Api.signUp(cluster, `race-switch-${round}@example.com`);
      const answers = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(api, i)));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: UPLOADS }, () => 201));
      const brought = answers.map((answer) => (answer.body as { transactions: number }).transactions).sort((a, b) => b - a);
      expect(brought).toEqual([source.transactions.length, ...Array.from({ length: UPLOADS - 1 }, () => 0)]);
      const accounts = (await api.get('/accounts')) as Array<{ name: string }>;
      expect(accounts.map((account) => account.name).sort()).toEqual(source.accounts.map((account) => account.name).sort());
      const tree = (await api.get('/transactions/categories')) as Array<{ name: string; type: string }>;
      expect(tree.filter((category) => category.name === 'From YNAB' && category.type === 'expense')).toHaveLength(1);
      expectNoServerErrors(api);
    }
  });
});
