/**
 * JSON answers of 1 KB or more go out compressed when the client accepts it (issue 29), and
 * decompress to exactly the JSON a client without compression gets; small answers and clients
 * that accept none get plain JSON.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../test/test-app';
import { COMPRESS_FROM_BYTES } from './compress-json';

describe(`compressed JSON answers on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await registerUser(t.app, 'compress@example.com'));
  });
  afterAll(() => t?.close());

  const categories = (acceptEncoding?: string) =>
    asUser(t.app, token, { method: 'GET', url: '/api/transactions/categories', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a large answer as brotli, or gzip, that decompresses to the plain answer', async () => {
    const plain = await categories();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);

    const br = await categories('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await categories('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers and refused codings alone', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
    const refused = await categories('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
