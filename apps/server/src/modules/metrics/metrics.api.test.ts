import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersion, buildInfo } from '../../build-info';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

const METRICS_TOKEN = 'metrics-secret-0123456789';

/** The value of the sample with exactly these labels, or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text
    .split('\n')
    .find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe(`metrics on ${TEST_DB}`, () => {
  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('is off: /metrics answers 404, with or without a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const withToken = await asUser(t.app, METRICS_TOKEN, { method: 'GET', url: '/metrics' });
      expect(withToken.statusCode).toBe(404);
      expect(withToken.body).not.toContain('mindspend_');
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    const scrape = async () => {
      const response = await asUser(t.app, METRICS_TOKEN, { method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    beforeAll(async () => {
      t = await createTestApp({ METRICS_TOKEN });
    });
    afterAll(() => t?.close());

    it('answers 401 without the token or with a wrong one', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(none.json()).toEqual({ message: 'Send the METRICS_TOKEN as a bearer token.' });
      const wrong = await asUser(t.app, `${METRICS_TOKEN}x`, { method: 'GET', url: '/metrics' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).not.toContain('mindspend_');
    });

    it('serves Prometheus text with the token', async () => {
      const response = await asUser(t.app, METRICS_TOKEN, { method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.body).toContain('# TYPE mindspend_http_requests_total counter');
      // Event-loop delay, from prom-client's process metrics.
      expect(sample(response.body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    });

    it('counts requests by route pattern and status, with their durations', async () => {
      const { token } = await registerUser(t.app, 'metrics-requests@example.com');
      // No route answers GET /api/goals/{id}: counted under no route, not under each URL.
      for (const id of [999_001, 999_002, 999_003]) {
        expect((await asUser(t.app, token, { method: 'GET', url: `/api/goals/${id}` })).statusCode).toBe(404);
      }
      const text = await scrape();
      const labels = 'method="GET",route="/api/accounts/:id",status="404"';
      expect(sample(text, 'mindspend_http_requests_total', labels)).toBeUndefined();
      const goal = await asUser(t.app, token, { method: 'GET', url: '/api/accounts/999001' });
      expect(goal.statusCode).toBe(404);
      const after = await scrape();
      expect(sample(after, 'mindspend_http_requests_total', labels)).toBe(1);
      expect(sample(after, 'mindspend_http_request_duration_seconds_count', labels)).toBe(1);
      expect(sample(after, 'mindspend_http_request_duration_seconds_bucket', `le="+Inf",${labels}`)).toBe(1);
      expect(
        sample(after, 'mindspend_http_requests_total', 'method="POST",route="/api/register",status="201"'),
      ).toBeGreaterThanOrEqual(1);
      // The pattern, never the raw URL: one series however many ids are asked for.
      // (In a label: a process figure such as memory in bytes may hold those digits by chance.)
      expect(after).not.toMatch(/="[^"]*999_?001/);
      expect(after).toContain('route="(no route)",status="404"');
    });

    it('counts import jobs by state and the rows they inserted', async () => {
      const { token } = await registerUser(t.app, 'metrics-imports@example.com');
      const accountId = await createAccount(t.app, token);
      const csv = [
        'Date,Description,Amount',
        '11/02/2026,COFFEE,-3.50',
        '11/03/2026,GROCER,-42.10',
        '11/04/2026,PAYROLL,1500.00',
      ].join('\n');
      const { job } = await uploadStatement(t.app, token, accountId, csv);
      expect(job).toMatchObject({ status: 'completed', rows_imported: 3 });
      const text = await scrape();
      expect(sample(text, 'mindspend_import_jobs', 'state="completed"')).toBe(1);
      expect(sample(text, 'mindspend_import_jobs', 'state="queued"')).toBe(0);
      expect(sample(text, 'mindspend_import_jobs_finished_total', 'status="completed"')).toBe(1);
      expect(sample(text, 'mindspend_import_rows_total')).toBe(3);
      expect(sample(text, 'mindspend_import_rows_per_second_count')).toBe(1);
      expect(sample(text, 'mindspend_import_rows_per_second_sum')).toBeGreaterThan(0);
    });

    it('reports the database pool and the answer cache’s hits, misses and size', async () => {
      const { token } = await registerUser(t.app, 'metrics-cache@example.com');
      const accountId = await createAccount(t.app, token);
      const before = await scrape();
      const hits = sample(before, 'mindspend_answer_cache_hits_total') ?? 0;
      const misses = sample(before, 'mindspend_answer_cache_misses_total') ?? 0;
      const month = `/api/accounts/${accountId}/transactions/month/11/year/2026`;
      for (let i = 0; i < 3; i += 1)
        expect((await asUser(t.app, token, { method: 'GET', url: month })).statusCode).toBe(200);
      const after = await scrape();
      expect(sample(after, 'mindspend_answer_cache_misses_total')).toBe(misses + 1);
      expect(sample(after, 'mindspend_answer_cache_hits_total')).toBe(hits + 2);
      // The month's answer is held, within ANSWER_CACHE_MB's default of 32 MB.
      expect(sample(after, 'mindspend_answer_cache_bytes')).toBeGreaterThan(0);
      expect(sample(after, 'mindspend_answer_cache_limit_bytes')).toBe(32 * 1024 * 1024);
      const connections = sample(after, 'mindspend_db_pool_connections') ?? 0;
      expect(connections).toBeGreaterThanOrEqual(1);
      // Read while the scrape's own import-jobs query runs, so a connection may be busy right then.
      expect(sample(after, 'mindspend_db_pool_in_use')).toBeLessThanOrEqual(connections);
      expect(sample(after, 'mindspend_db_pool_idle')).toBeLessThanOrEqual(connections);
      expect(sample(after, 'mindspend_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    });

    it("states the version and the commit in mindspend_build_info, git's commit without GIT_COMMIT", async () => {
      const text = await scrape();
      expect(text).toContain('# TYPE mindspend_build_info gauge');
      const { version, commit } = buildInfo(undefined);
      expect(version).toBe(appVersion());
      expect(sample(text, 'mindspend_build_info', `version="${version}",commit="${commit}"`)).toBe(1);
    });
  });

  it('takes the commit from GIT_COMMIT when it is set', async () => {
    const t = await createTestApp({ METRICS_TOKEN, GIT_COMMIT: '0123456789ab' });
    try {
      const response = await asUser(t.app, METRICS_TOKEN, { method: 'GET', url: '/metrics' });
      expect(sample(response.body, 'mindspend_build_info', `version="${appVersion()}",commit="0123456789ab"`)).toBe(1);
    } finally {
      await t.close();
    }
  });
});
