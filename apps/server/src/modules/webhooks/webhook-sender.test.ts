/**
 * One POST of a delivery against a receiver on 127.0.0.1: what a try reports, and that a
 * production policy refuses this machine even when the URL names it by a host name.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_ADDRESS_MESSAGES } from './webhook-address';
import { sendWebhook } from './webhook-sender';

describe('sendWebhook', () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/moved') {
        response.writeHead(301, { location: '/ok' }).end();
      } else if (request.url === '/broken') {
        response.writeHead(500).end();
      } else {
        response.writeHead(200).end('thanks');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const request = (path: string, host = '127.0.0.1') => ({
    url: `http://${host}:${port}${path}`,
    body: '{"a":1}',
    headers: { 'content-type': 'application/json' },
  });

  it('reports a 2xx as delivered and anything else as a failed try, without following a redirect', async () => {
    expect(await sendWebhook(request('/ok'), { publicOnly: false })).toEqual({ ok: true, status: 200 });
    expect(await sendWebhook(request('/broken'), { publicOnly: false })).toEqual({
      ok: false,
      status: 500,
      error: 'The receiver answered 500 Internal Server Error.',
    });
    hits.length = 0;
    expect(await sendWebhook(request('/moved'), { publicOnly: false })).toMatchObject({
      ok: false,
      status: 301,
    });
    expect(hits).toEqual(['/moved']);
  });

  it('says so when nobody listens', async () => {
    const closed = { url: 'http://127.0.0.1:1/in', body: '{}', headers: {} };
    expect(await sendWebhook(closed, { publicOnly: false })).toEqual({
      ok: false,
      status: null,
      error: 'The receiver refused the connection.',
    });
  });

  it('refuses this machine under the production policy, by address and by a name that resolves to it', async () => {
    hits.length = 0;
    expect(await sendWebhook(request('/ok'), { publicOnly: true })).toEqual({
      ok: false,
      status: null,
      error: WEBHOOK_ADDRESS_MESSAGES.privateAddress,
    });
    expect(await sendWebhook(request('/ok', 'localhost'), { publicOnly: true })).toEqual({
      ok: false,
      status: null,
      error: WEBHOOK_ADDRESS_MESSAGES.privateAddress,
    });
    expect(hits).toEqual([]);
  });
});
