import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventBus, type RealtimeEvent } from '../../lib/event-bus';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

/** Reads a server-sent-event stream into text until `done` says so or the time runs out. */
async function collect(response: Response, done: (text: string) => boolean, timeoutMs = 5_000): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  while (!done(text) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 200))]);
    if (chunk && !chunk.done) text += decoder.decode(chunk.value, { stream: true });
    if (chunk?.done) break;
  }
  await reader.cancel();
  return text;
}

describe(`realtime events on ${TEST_DB}`, () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('refuses a stream without a valid token', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    expect((await fetch(`${base}/api/events`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it("streams an import's progress to its owner only, up to 100", async () => {
    const alice = await registerUser(t.app, 'alice-events@example.com');
    const bob = await registerUser(t.app, 'bob-events@example.com');
    const accountId = await createAccount(t.app, alice.token, { name: 'Alice Checking' });
    const open = (token: string) => fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } });
    const [aliceStream, bobStream] = await Promise.all([open(alice.token), open(bob.token)]);
    expect(aliceStream.headers.get('content-type')).toMatch(/^text\/event-stream/);

    // Ends as soon as 100 arrives; the import may take several seconds on a loaded machine (a 5 s
    // limit failed a clean-clone run beside the browser tests, with 95 the last one received).
    const aliceText = collect(aliceStream, (text) => text.includes('"progress":100'), 20_000);
    const bobText = collect(bobStream, () => false, 1_500);
    await uploadStatement(t.app, alice.token, accountId, 'Date,Description,Amount\n11/02/2026,SAFEWAY #1234,-20.00\n');

    const received = await aliceText;
    expect(received).toContain('event: importTransactionsProgress');
    expect(received).toContain('"accountName":"Alice Checking"');
    expect(received).toContain('"progress":100');
    expect(await bobText).not.toContain('importTransactionsProgress');
  });
});

describe.runIf(TEST_DB === 'postgres')('events across server processes through PostgreSQL', () => {
  it("delivers an event published by one process to another process's subscriber", async () => {
    const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const namespace = `test_${randomBytes(4).toString('hex')}`;
    const [publisher, subscriber] = await Promise.all([PostgresEventBus.connect(url, namespace), PostgresEventBus.connect(url, namespace)]);
    try {
      const received = new Promise<RealtimeEvent>((resolve) => subscriber.subscribe('user-7-channel', resolve));
      const ignored: RealtimeEvent[] = [];
      subscriber.subscribe('user-8-channel', (event) => ignored.push(event));
      await publisher.publish({ channel: 'user-7-channel', event: 'importTransactionsProgress', data: { accountName: 'A', progress: 40 } });
      expect(await received).toEqual({ channel: 'user-7-channel', event: 'importTransactionsProgress', data: { accountName: 'A', progress: 40 } });
      expect(ignored).toEqual([]);
    } finally {
      await Promise.all([publisher.close(), subscriber.close()]);
    }
  });
});
