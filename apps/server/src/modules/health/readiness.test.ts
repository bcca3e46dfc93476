/** The readiness check (issue 35): its reasons, its time limit, and one check at a time. */
import { describe, expect, it } from 'vitest';
import { ReadinessCheck } from './readiness';

describe('ReadinessCheck', () => {
  it('is ready when no migration is pending', async () => {
    expect(await new ReadinessCheck(async () => []).check()).toEqual({ ready: true });
  });

  it('counts the pending migrations', async () => {
    expect(await new ReadinessCheck(async () => ['0039-x']).check()).toEqual({
      ready: false,
      reason: '1 migration pending',
    });
    expect(await new ReadinessCheck(async () => ['0039-x', '0040-y']).check()).toMatchObject({
      reason: '2 migrations pending',
    });
  });

  it('says the database is unreachable when the question fails', async () => {
    const failure = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    const answer = await new ReadinessCheck(() => Promise.reject(failure)).check();
    expect(answer).toEqual({ ready: false, reason: 'database unreachable', error: failure });
  });

  it('gives up on a database that does not answer in time', async () => {
    const started = Date.now();
    const answer = await new ReadinessCheck(() => new Promise<string[]>(() => undefined), 50).check();
    expect(answer).toMatchObject({ ready: false, reason: 'database unreachable: no answer within 50 ms' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('runs one check at a time: polls meanwhile share its answer, a later poll asks again', async () => {
    let asked = 0;
    let answer: (pending: string[]) => void = () => undefined;
    const readiness = new ReadinessCheck(() => {
      asked += 1;
      return new Promise<string[]>((resolve) => {
        answer = resolve;
      });
    });
    const first = readiness.check();
    const second = readiness.check();
    answer([]);
    expect(await Promise.all([first, second])).toEqual([{ ready: true }, { ready: true }]);
    expect(asked).toBe(1);
    const third = readiness.check();
    answer(['0039-x']);
    expect(await third).toMatchObject({ ready: false });
    expect(asked).toBe(2);
  });
});
