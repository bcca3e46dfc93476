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

  it('imports a file once when its answered question is sent by several processes at once, and remembers the answer', async () => {
    const api = await Api.signUp(cluster, 'race-answers@example.com');
    const accountId = await createAccount(api, 'Race PayPal');
    // Signed amounts whose type words say the opposite: the file asks which way they go.
    const paypal = [
      'Date,Name,Type,Gross',
      '10/14/2026,Netflix,Recurring Payment Sent,-20.00',
      '10/14/2026,,Charge From Debit Card,20.00',
      '10/20/2026,Spotify,Recurring Payment Sent,-9.99',
    ].join('\n');
    const jobIds = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => uploadCsv(api, accountId, paypal, i, 'negative-is-expense')));
    const jobs = await waitFor(async () => {
      const read = await Promise.all(jobIds.map((id) => jobOf(api, id)));
      return read.every((job) => job.status === 'completed' || job.status === 'failed') ? read : undefined;
    }, 30_000);
    expectNoServerErrors(api);
    expect(jobs?.map((job) => job.status)).toEqual(jobIds.map(() => 'completed'));
    expect(await transactionCount(api, accountId)).toBe(3);
    // The answer was remembered once for the account: the next export asks nothing.
    const next = await uploadCsv(api, accountId, `${paypal}\n10/28/2026,Netflix,Recurring Payment Sent,-20.00`, 0);
    const done = await waitFor(async () => {
      const job = await jobOf(api, next);
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    }, 30_000);
    expect(done).toMatchObject({ status: 'completed', rows_imported: 1, duplicates_skipped: 3 });
  }, 90_000);
});
