import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorsPlugin, { BUSY_MESSAGE } from './errors';

/** An app whose one route fails with `error`, answered through the errors plugin. */
async function failingWith(error: Error & { code?: string }) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/fail', async () => {
    throw error;
  });
  return app.inject({ method: 'GET', url: '/fail' });
}

describe('errors plugin', () => {
  it('answers a write that waited out another connection\'s lock with 503, a retry hint and a sentence', async () => {
    const response = await failingWith(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: BUSY_MESSAGE });
  });

  it("answers a PostgreSQL write that waited out the user's write lock the same way", async () => {
    const response = await failingWith(
      Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
    );
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: BUSY_MESSAGE });
  });

  it('answers an unexpected error with a bare 500 that leaks nothing', async () => {
    const response = await failingWith(Object.assign(new Error('relation "users" does not exist'), { code: '42P01' }));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error' });
  });
});
