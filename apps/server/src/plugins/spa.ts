/**
 * Serves the built web app from the same process: files from WEB_DIST_DIR, and index.html for
 * every other GET that is not an API call (history fallback for the spec's client routes).
 * Like a CDN: the brotli or gzip copy the build wrote beside each file (apps/web/vite.config.ts)
 * when the browser accepts it, fingerprinted assets cached for a year, index.html revalidated.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Which public paths get a copy of index.html that preloads their screen's chunks (the web build's
 * `documents/routes.json`, DECISIONS.md #117): path → file under the build. Empty without it.
 */
function readRouteDocuments(distDir: string): Map<string, string> {
  const indexFile = path.join(distDir, 'documents', 'routes.json');
  if (!fs.existsSync(indexFile)) return new Map();
  const entries = Object.entries(JSON.parse(fs.readFileSync(indexFile, 'utf8')) as Record<string, unknown>);
  return new Map(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export default fp(async function spaPlugin(app: FastifyInstance, options: { distDir: string }) {
  const indexFile = path.join(options.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const routeDocuments = hasBuild ? readRouteDocuments(options.distDir) : new Map<string, string>();
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      // One wildcard route that looks the file up when asked (a miss falls through to the
      // not-found handler below), not a GET and a HEAD route per built file: 418 files made 836
      // routes and 20 MB of idle RSS (issue 29, DECISIONS.md #105).
      wildcard: true,
      index: false,
      // Sends `name.br` or `name.gz` with its Content-Encoding when Accept-Encoding allows, else
      // the file itself. The copies are not addressable on their own.
      preCompressed: true,
      allowedPath: (pathname) => !pathname.endsWith('.br') && !pathname.endsWith('.gz'),
      // `send`'s own Cache-Control (max-age=0) would overwrite the one set below.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those bytes never change under a name;
        // index.html and the unhashed files (favicon, icons, the service worker sw.js and
        // manifest.webmanifest) must be revalidated to pick up a release (DECISIONS.md #35).
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Every file may come in several encodings: a shared cache must key on Accept-Encoding.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  // A fingerprinted asset is cached for a year and never revalidated, so its validators and
  // Accept-Ranges are bytes the browser never uses: about 100 per file, on every file of a cold
  // first load (issue 29, DECISIONS.md #110). index.html and the unhashed files keep theirs.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('cache-control') ?? '').endsWith('immutable')) {
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
      reply.removeHeader('accept-ranges');
    }
    return payload;
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    const pathname = request.url.split('?')[0] ?? '';
    if (isPageRequest && !isApi && hasBuild && !path.extname(pathname)) {
      return reply.header('Cache-Control', 'no-cache').sendFile(routeDocuments.get(pathname) ?? 'index.html');
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
});
