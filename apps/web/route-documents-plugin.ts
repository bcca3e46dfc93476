/**
 * Vite plugin: writes a copy of index.html for each public route whose first paint waits on its own
 * chunk, with that chunk preloaded (src/lib/route-documents.ts, DECISIONS.md #117), plus the index
 * of which path gets which, and their brotli and gzip copies as the build's compression step makes
 * for every other file. It runs after the bundle is written, reading the manifest.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { type BuildManifest, ROUTE_DOCUMENTS_INDEX, routeDocuments } from './src/lib/route-documents';

/**
 * The public routes of src/router.tsx whose screen a visitor opens first, by the module the router
 * loads lazily for each. Signed-in screens wait for their answers as well as their code, and a
 * signed-in person's repeat visits are served by the service worker from index.html.
 */
const PRELOADED_ROUTES: Record<string, string> = {
  '/': 'src/features/landing/LandingPage.tsx',
  '/login': 'src/features/auth/LoginPage.tsx',
  '/signup': 'src/features/auth/RegisterPage.tsx',
  '/register': 'src/features/auth/RegisterPage.tsx',
};

function writeWithCopies(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

export function routeDocumentsPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'mindspend-route-documents',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as BuildManifest;
      const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const { documents, index } = routeDocuments(indexHtml, manifest, PRELOADED_ROUTES);
      for (const document of documents) writeWithCopies(path.join(outDir, document.file), document.html);
      writeFileSync(path.join(outDir, ROUTE_DOCUMENTS_INDEX), `${JSON.stringify(index, null, 2)}\n`);
    },
  };
}
