/**
 * Serves the built web app from the same process: files from WEB_DIST_DIR, and index.html for
 * every other GET that is not an API call (history fallback for the spec's client routes).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(async function spaPlugin(app: FastifyInstance, options: { distDir: string }) {
  const indexFile = path.join(options.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints asset names, so they never change; index.html must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isPageRequest && !isApi && hasBuild && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
});
