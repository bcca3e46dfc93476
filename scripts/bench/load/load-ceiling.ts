// What the load generator itself can take on this machine: a do-nothing Node server (a child
// process, like the real one) sends the exact bytes and headers a route answered, and autocannon
// loads it with the same settings. autocannon decodes every response body into a string on its
// one thread, so large or compressed bodies cost the CLIENT more than the server; this row shows
// that bound next to the real server's figures.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, host, sleep } from '../../support/server-process';

export interface CeilingResult {
  reqPerS: number;
  p50: number;
  p99: number;
}

/** The raw (still compressed) body and content headers of one GET. */
function rawAnswer(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const name of ['content-type', 'content-encoding', 'etag', 'vary', 'cache-control']) {
          const value = response.headers[name];
          if (typeof value === 'string') kept[name] = value;
        }
        resolve({ body: Buffer.concat(chunks), headers: kept });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const STATIC_SERVER = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.env.CEILING_BODY_FILE);
const headers = { ...JSON.parse(process.env.CEILING_HEADERS), 'content-length': body.length };
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(Number(process.env.CEILING_PORT), '${host}');
`;

/** A running do-nothing copy of one answer: every request gets its bytes and content headers. */
export interface StaticCopy {
  baseUrl: string;
  port: number;
  pid: number;
  stop(): void;
}

/**
 * Starts a do-nothing Node server (a child process, like the real one) that answers every request
 * with the exact bytes and content headers `url` answered `headers`: the floor a route's own
 * answer is measured against, since it spends nothing on the answer but sending it.
 */
export async function startStaticCopy(url: string, headers: Record<string, string>): Promise<StaticCopy> {
  const answer = await rawAnswer(url, headers);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-ceiling-'));
  const bodyFile = path.join(dir, 'body');
  writeFileSync(bodyFile, answer.body);
  const child = spawn(process.execPath, ['-e', STATIC_SERVER], {
    env: { CEILING_BODY_FILE: bodyFile, CEILING_HEADERS: JSON.stringify(answer.headers), CEILING_PORT: String(port) },
    stdio: 'ignore',
  });
  const stop = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://${host}:${port}`;
  try {
    for (let tries = 0; ; tries += 1) {
      try {
        await (await fetch(`${baseUrl}/`)).arrayBuffer();
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await sleep(20);
      }
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, port, pid: child.pid ?? 0, stop };
}

export async function loadCeiling(url: string, headers: Record<string, string>, connections: number, durationS: number): Promise<CeilingResult> {
  const copy = await startStaticCopy(url, headers);
  try {
    const target = `${copy.baseUrl}/`;
    await autocannon({ url: target, connections, duration: 2, headers });
    const result = await autocannon({ url: target, connections, duration: durationS, headers });
    return { reqPerS: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    copy.stop();
  }
}
