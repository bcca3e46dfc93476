/**
 * Racing statement uploads (issue 10, row 7): the same file uploaded several times at once, as an
 * impatient user or a retrying client does, must import its rows once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCsv } from '../../../../../scripts/support/statement-csv';
import { type ImportJob, createAccount, jobOf, transactionCount, uploadCsv } from './fixtures';
import {
  Api,
  type Cluster,
  TEST_DB,
  buildServer,
  expectNoServerErrors,
  startCluster,
  waitFor,
} from './harness';

const ROWS = 20_000;
const UPLOADS = 4;

describe(`racing statement uploads on ${TEST_DB}`, () => {
  let cluster: Cluster;

  beforeAll(async () => {
    await buildServer();
    cluster = await startCluster();
  });
  afterAll(() => cluster?.stop());

  it(`imports a ${ROWS.toLocaleString('en-US')}-row CSV uploaded ${UPLOADS} times at once exactly once`, async () => {
    const api = await Api.signUp(cluster, 'race-csv@example.com');
    const accountId = await createAccount(api);
    const csv = generateCsv(ROWS);

    const jobIds = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => uploadCsv(api, accountId, csv, i)),
    );
    // Four imports of 20,000 rows, one after another in the worst case: well under a minute.
    const finished = await waitFor(async () => {
      const jobs = await Promise.all(jobIds.map((id) => jobOf(api, id)));
      return jobs.every((job) => job.status === 'completed' || job.status === 'failed') ? jobs : undefined;
    }, 60_000);
    const jobs: ImportJob[] = finished ?? (await Promise.all(jobIds.map((id) => jobOf(api, id))));

    expectNoServerErrors(api);
    // Every upload ends well for the user: the rows are in, whichever job put them there.
    expect
      .soft(jobs.map((job) => `${job.status}${job.error ? `: ${job.error}` : ''}`))
      .toEqual(jobIds.map(() => 'completed'));
    expect
      .soft(
        jobs.reduce((sum, job) => sum + job.rows_imported, 0),
        'rows imported by all jobs together',
      )
      .toBe(ROWS);
    expect.soft(await transactionCount(api, accountId), 'transactions in the account').toBe(ROWS);
  }, 90_000);
});
