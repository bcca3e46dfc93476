import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

/** A compute function that counts its calls. */
function counted(text: string) {
  const fn = async () => {
    fn.calls += 1;
    return text;
  };
  fn.calls = 0;
  return fn;
}

describe('AnswerCache', () => {
  it('builds an answer once per revision and rebuilds it when the revision moves on', async () => {
    const cache = new AnswerCache(1_000_000);
    const compute = counted('[1,2,3]');
    const first = await cache.answer(1, 5, 'month', compute);
    expect(first.json.toString()).toBe('[1,2,3]');
    expect(await cache.answer(1, 5, 'month', compute)).toBe(first);
    expect(compute.calls).toBe(1);
    await cache.answer(1, 6, 'month', compute);
    expect(compute.calls).toBe(2);
  });

  it('counts reused answers as hits and built ones as misses (the /metrics counters)', async () => {
    const cache = new AnswerCache(1_000_000);
    const compute = counted('[1]');
    await cache.answer(1, 5, 'month', compute);
    await cache.answer(1, 5, 'month', compute);
    await cache.answer(1, 5, 'month', compute);
    await cache.answer(1, 6, 'month', compute);
    // An older revision than one seen is built and not kept: a miss too.
    await cache.answer(1, 5, 'month', compute);
    expect(cache.counts).toEqual({ hits: 2, misses: 3 });
    expect(compute.calls).toBe(3);
  });

  it('asks once when many requests want the same missing answer at the same time', async () => {
    const cache = new AnswerCache(1_000_000);
    const compute = counted('{}');
    await Promise.all(Array.from({ length: 50 }, () => cache.answer(1, 1, 'month', compute)));
    expect(compute.calls).toBe(1);
  });

  it('keeps nothing for a request that read an older revision than one already seen', async () => {
    const cache = new AnswerCache(1_000_000);
    await cache.answer(1, 7, 'month', counted('"new"'));
    const stale = await cache.answer(1, 6, 'month', counted('"old"'));
    expect(stale.json.toString()).toBe('"old"');
    expect((await cache.answer(1, 7, 'month', counted('"other"'))).json.toString()).toBe('"new"');
  });

  it('does not keep a failed answer: the next request tries again', async () => {
    const cache = new AnswerCache(1_000_000);
    await expect(
      cache.answer(1, 1, 'month', () => Promise.reject(new Error('Account not found.'))),
    ).rejects.toThrow('Account not found.');
    expect((await cache.answer(1, 1, 'month', counted('[]'))).json.toString()).toBe('[]');
  });

  it('drops the least recently used user when over its memory budget', async () => {
    const big = 'x'.repeat(400);
    const cache = new AnswerCache(1_000);
    await cache.answer(1, 1, 'a', counted(JSON.stringify(big)));
    await cache.answer(2, 1, 'a', counted(JSON.stringify(big)));
    await cache.answer(1, 1, 'a', counted('"unused"')); // user 1 is now the most recent
    await cache.answer(3, 1, 'a', counted(JSON.stringify(big)));
    expect(cache.size).toBeLessThanOrEqual(1_000);
    const user2 = counted('"rebuilt"');
    await cache.answer(2, 1, 'a', user2);
    expect(user2.calls).toBe(1);
  });

  it('compresses answers of a kilobyte or more (brotli and gzip) and gives equal JSON equal ETags', async () => {
    const cache = new AnswerCache(1_000_000);
    const text = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, payee: 'Fred Meyer' })));
    const a = await cache.answer(1, 1, 'a', counted(text));
    const b = await cache.answer(2, 1, 'a', counted(text));
    expect(gunzipSync((await a.encoded('gzip'))!).toString()).toBe(text);
    expect(brotliDecompressSync((await a.encoded('br'))!).toString()).toBe(text);
    expect(a.etag).toBe(b.etag);
    expect((await cache.answer(3, 1, 'a', counted('[]'))).encoded('br')).toBeNull();
  });

  it('answers the first request with a fast compression, and later ones with a smaller copy made next (DECISIONS #61)', async () => {
    const cache = new AnswerCache(10_000_000);
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: i, payee: ['Fred Meyer', 'Safeway', 'QFC'][i % 3], amount: (i * 37) % 1000 }));
    const text = JSON.stringify(rows);
    const answer = await cache.answer(1, 1, 'month', counted(text));
    expect(cache.size).toBe(Buffer.byteLength(text));
    const first = (await answer.encoded('br'))!;
    expect(brotliDecompressSync(first).toString()).toBe(text);
    await expect.poll(async () => (await answer.encoded('br'))!.length).toBeLessThan(first.length);
    const later = (await answer.encoded('br'))!;
    expect(brotliDecompressSync(later).toString()).toBe(text);
    // Only the smaller copy is counted once it has replaced the fast one; gzip was never asked for.
    expect(cache.size).toBe(Buffer.byteLength(text) + later.length);
  });
});
