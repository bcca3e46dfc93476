/**
 * Vite plugin: writes a copy of index.html for each public route whose first paint waits on its own
 * chunk, with that chunk preloaded (src/lib/route-documents.ts, DECISIONS.md #117), the reads its
 * screen waits for started with it and, for the landing page, the page itself drawn in advance
 * (src/prerender.tsx, DECISIONS.md #121), plus the index of which path gets which, and their
 * brotli and gzip copies as the build's compression step makes for every other file. It runs
 * after the bundle is written, reading the manifest.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer, type Plugin } from 'vite';
import { type BuildManifest, ROUTE_DOCUMENTS_INDEX, type RouteDocumentExtras, routeDocuments } from './src/lib/route-documents';

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

/**
 * The modules of PRELOADED_ROUTES whose page is drawn at build time, by the path it is drawn for.
 * Not the sign-up page, which reads this device's pending invitation (features/books) as it
 * renders, nor the login page, which shows a spinner until the server says how one signs in there.
 */
const DRAWN_ROUTES: Record<string, string> = {
  '/': 'src/features/landing/LandingPage.tsx',
};

interface PrerenderModule {
  renderPublicPage(path: string): Promise<string>;
  screenReads(): Record<string, readonly string[]>;
}

/**
 * What src/prerender.tsx gives the documents: each of DRAWN_ROUTES rendered, and the reads each
 * public screen waits for (by module). Vite loads the app's sources in Node for it (its
 * server-side module loader, no server listening), as they are, CSS modules given the same class
 * names as in the bundle.
 */
async function fromTheApp(root: string): Promise<Required<RouteDocumentExtras>> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const prerender = (await server.ssrLoadModule('/src/prerender.tsx')) as PrerenderModule;
    const drawn: Record<string, string> = {};
    for (const [routePath, module] of Object.entries(DRAWN_ROUTES)) {
      drawn[module] = await prerender.renderPublicPage(routePath);
    }
    return { drawn, reads: prerender.screenReads() };
  } finally {
    await server.close();
  }
}

function writeWithCopies(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

export function routeDocumentsPlugin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'mindspend-route-documents',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as BuildManifest;
      const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const { documents, index } = routeDocuments(indexHtml, manifest, PRELOADED_ROUTES, await fromTheApp(root));
      for (const document of documents) writeWithCopies(path.join(outDir, document.file), document.html);
      writeFileSync(path.join(outDir, ROUTE_DOCUMENTS_INDEX), `${JSON.stringify(index, null, 2)}\n`);
    },
  };
}
