/**
 * The HTTP part of the provider stand-ins (fake-stripe.ts, fake-plaid.ts): serves JSON answers on
 * 127.0.0.1 at a free port, giving each request's method, path, headers and raw body to `answer`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAnswer {
  status: number;
  /** Sent as JSON, unless `contentType` is given: then a string sent as it is (a script, say). */
  body: unknown;
  contentType?: string;
  /** Extra response headers (e.g. CORS for a stand-in the browser calls). */
  headers?: Record<string, string>;
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
}

export interface FakeServer {
  readonly url: string;
  close(): Promise<void>;
}

/** `'hang'` never answers (a provider that times out). */
export async function startFakeServer(
  answer: (request: FakeRequest) => FakeAnswer | 'hang',
  port = 0,
): Promise<FakeServer> {
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const result = answer({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw });
      if (result === 'hang') return;
      res.writeHead(result.status, { 'content-type': result.contentType ?? 'application/json', ...result.headers });
      res.end(result.contentType && typeof result.body === 'string' ? result.body : JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
