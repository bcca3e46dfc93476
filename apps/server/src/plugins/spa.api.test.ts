/**
 * The web build served like a CDN would (issue 13): the brotli or gzip copy the build wrote when
 * the browser accepts it, `Vary: Accept-Encoding`, fingerprinted assets cached for a year and
 * index.html (also as the fallback of client routes) revalidated. The dist is a small fixture laid
 * out as `vite build` writes it (apps/web/vite.config.ts), so the test needs no web build.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, createTestApp } from '../test/test-app';

const SCRIPT = '/assets/index-Bq3xY7Zk.js';
const STYLE = '/assets/index-C0ffee12.css';
/** The web build's inline first-paint script (DECISIONS.md #121), which the policy allows by its hash alone. */
const BOOT_SCRIPT = "\n(function () { document.documentElement.setAttribute('data-mantine-color-scheme', 'light'); })();\n";
const INDEX_HTML = `<!doctype html><html lang="en"><head><script>${BOOT_SCRIPT}</script><meta charset="UTF-8" /><title>Mindspend</title>
<script type="module" crossorigin src="${SCRIPT}"></script><link rel="stylesheet" crossorigin href="${STYLE}">
</head><body><div id="root"></div></body></html>\n`;
// Repetitive enough that both copies are much smaller than the original, as real bundles are.
const SCRIPT_SOURCE = Array.from({ length: 400 }, (_, i) => `export const budget${i} = ${i} * 100;`).join(
  '\n',
);
const STYLE_SOURCE = Array.from({ length: 200 }, (_, i) => `.row-${i} { padding: ${i}px; }`).join('\n');

// The landing page's route document (DECISIONS.md #117): index.html with the screen's chunk preloaded.
const LOGIN_HTML = INDEX_HTML.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/LoginPage-f00.js">\n</head>');

const SERVICE_WORKER_SOURCE = 'self.addEventListener("fetch", () => undefined);\n';
const MANIFEST = JSON.stringify({ name: 'Mindspend', start_url: '/', scope: '/', display: 'standalone' });
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const BROWSER = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Writes `relative` with its `.br` and `.gz` copies, as the build's compression step does. */
function writeWithCopies(dist: string, relative: string, content: string) {
  const file = path.join(dist, relative);
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

describe(`the web build served like a CDN on ${TEST_DB}`, () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'mindspend-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeWithCopies(dist, 'index.html', INDEX_HTML);
    writeWithCopies(dist, SCRIPT, SCRIPT_SOURCE);
    writeWithCopies(dist, STYLE, STYLE_SOURCE);
    // What vite-plugin-pwa adds (DECISIONS.md #35): the worker and the manifest at the root, icons.
    writeFileSync(path.join(dist, 'sw.js'), SERVICE_WORKER_SOURCE);
    writeWithCopies(dist, 'manifest.webmanifest', MANIFEST);
    mkdirSync(path.join(dist, 'documents'));
    writeWithCopies(dist, 'documents/LoginPage.html', LOGIN_HTML);
    writeFileSync(path.join(dist, 'documents', 'routes.json'), JSON.stringify({ '/login': 'documents/LoginPage.html' }));
    mkdirSync(path.join(dist, 'icons'));
    writeFileSync(path.join(dist, 'icons', 'icon-192.png'), PNG_SIGNATURE);
    t = await createTestApp({ WEB_DIST_DIR: dist }, { serveWeb: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  function get(url: string, acceptEncoding?: string) {
    return t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  }

  it('sends the brotli copy to a browser that accepts it, which decompresses to the original', async () => {
    const response = await get(SCRIPT, BROWSER);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT_SOURCE.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT_SOURCE);
  });

  it('sends the gzip copy when gzip is all the browser accepts', async () => {
    const response = await get(STYLE, 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(STYLE_SOURCE);
  });

  it('honours a refusal of brotli (q=0) and picks gzip', async () => {
    const response = await get(SCRIPT, 'br;q=0, gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT_SOURCE);
  });

  it('sends the file itself when the browser accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(SCRIPT, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT_SOURCE);
    }
  });

  it('lets browsers and caches keep fingerprinted assets for a year, in every encoding', async () => {
    for (const acceptEncoding of [BROWSER, 'gzip', undefined]) {
      expect((await get(SCRIPT, acceptEncoding)).headers['cache-control']).toBe(IMMUTABLE);
      expect((await get(STYLE, acceptEncoding)).headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('sends no validators with a fingerprinted asset, which is never revalidated (fewer bytes per file)', async () => {
    for (const acceptEncoding of [BROWSER, undefined]) {
      const script = await get(SCRIPT, acceptEncoding);
      expect(script.statusCode).toBe(200);
      expect(script.headers.etag).toBeUndefined();
      expect(script.headers['last-modified']).toBeUndefined();
      expect(script.headers['accept-ranges']).toBeUndefined();
    }
  });

  it('makes browsers revalidate index.html, compressed like the assets', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url, BROWSER);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      // Revalidated, so it keeps what a conditional request compares against.
      expect(response.headers.etag ?? response.headers['last-modified']).toBeTruthy();
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    }
  });

  it('answers a client route with index.html, not cached and compressed', async () => {
    const route = await get('/accounts/3/transactions?month=11', 'gzip');
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.headers['content-encoding']).toBe('gzip');
    expect(route.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(route.rawPayload).toString()).toBe(INDEX_HTML);

    const plain = await get('/budgets');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('answers a public route with its own document, which preloads its screen, and every other with index.html', async () => {
    for (const url of ['/login', '/login?next=%2Fbudgets']) {
      const login = await get(url, BROWSER);
      expect(login.statusCode, url).toBe(200);
      expect(login.headers['content-type'], url).toMatch(/^text\/html/);
      expect(login.headers['content-encoding'], url).toBe('br');
      expect(login.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(login.rawPayload).toString(), url).toBe(LOGIN_HTML);
    }
    expect((await get('/budgets')).body).toBe(INDEX_HTML);
    expect((await get('/login/elsewhere')).body).toBe(INDEX_HTML);
  });

  it('keeps the security headers on the files it serves', async () => {
    for (const url of [SCRIPT, '/', '/budgets']) {
      const response = await get(url, BROWSER);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  // DECISIONS.md #110, #115: the policy headers govern a document (or a worker), and HSTS is kept
  // for the host from the page's answer; on a script, stylesheet, image or API answer fetched by
  // the page they are bytes for nothing. nosniff, Referrer-Policy and Cross-Origin-Resource-Policy
  // stay on everything.
  it('sends the document-only headers to documents and workers, not to what a page fetches', async () => {
    const as = (url: string, destination: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': BROWSER, 'sec-fetch-dest': destination } });
    const kept = (headers: Record<string, unknown>) => {
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    };
    for (const [url, destination] of [
      ['/', 'document'],
      ['/budgets', 'document'],
      ['/sw.js', 'serviceworker'],
      // A client route fetched by the page (a prefetch) is still HTML: it may be shown as a document.
      ['/budgets', 'empty'],
    ] as const) {
      const response = await as(url, destination);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      kept(response.headers);
    }
    for (const [url, destination] of [
      [SCRIPT, 'script'],
      [STYLE, 'style'],
      ['/icons/icon-192.png', 'image'],
      ['/manifest.webmanifest', 'manifest'],
      ['/api/health', 'empty'],
      ['/api/nothing-here', 'empty'],
    ] as const) {
      const response = await as(url, destination);
      for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
        expect(response.headers[name], `${name} on ${url}`).toBeUndefined();
      }
      kept(response.headers);
    }
  });

  it('does not serve the compressed copies under their own names, nor a missing asset', async () => {
    expect((await get(`${SCRIPT}.br`, BROWSER)).statusCode).toBe(404);
    expect((await get(`${STYLE}.gz`)).statusCode).toBe(404);
    expect((await get('/assets/missing-0000.js', BROWSER)).statusCode).toBe(404);
  });

  it('leaves the API to its own answers: no-store, no index.html', async () => {
    const response = await get('/api/nothing-here', BROWSER);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('makes browsers revalidate the service worker, so a release reaches every installed app', async () => {
    const response = await get('/sw.js', BROWSER);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(SERVICE_WORKER_SOURCE);
    // Served from the root, its default scope is the whole app: no Service-Worker-Allowed needed.
    expect(response.headers['service-worker-allowed']).toBeUndefined();
  });

  it('serves the web app manifest as application/manifest+json, revalidated, and its icons', async () => {
    const manifest = await get('/manifest.webmanifest', BROWSER);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(brotliDecompressSync(manifest.rawPayload).toString())).toMatchObject({ name: 'Mindspend' });

    const icon = await get('/icons/icon-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('lets the page start its same-origin worker and manifest, and nothing else more than before', async () => {
    const policy = (await get('/', BROWSER)).headers['content-security-policy'];
    const directives = new Map(
      String(policy)
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources.join(' ')] as const),
    );
    expect(directives.get('worker-src')).toBe("'self'");
    expect(directives.get('manifest-src')).toBe("'self'");
    expect(directives.get('default-src')).toBe("'self'");
    // Files from 'self', and the one inline script of the build by its SHA-256: no other inline script runs.
    const bootHash = createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64');
    expect(directives.get('script-src')).toBe(`'self' 'sha256-${bootHash}'`);
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    // Attachment thumbnails are Blob URLs of bytes the app fetched with its token (DECISIONS.md #114).
    expect(directives.get('img-src')).toBe("'self' data: blob:");
  });
});
