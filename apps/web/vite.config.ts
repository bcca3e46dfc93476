import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './src/lib/offline/pwa-options';
import { firstPaintBoot } from './first-paint-plugin';
import { inlineFavicon } from './favicon-plugin';
import { routeDocumentsPlugin } from './route-documents-plugin';

const root = fileURLToPath(new URL('.', import.meta.url));

// The server (apps/server) answers /api; in development Vite forwards those calls to it.
export default defineConfig({
  root,
  plugins: [
    react(),
    // Web app manifest and service worker: installable, readable offline (DECISIONS.md #35).
    VitePWA(pwaOptions),
    // Sets the colour scheme, and marks a signed-in device, before the first paint (DECISIONS.md #36, #121).
    firstPaintBoot(),
    // The icon inside index.html, not a request of its own (DECISIONS.md #110).
    inlineFavicon(),
    // Brotli and gzip copies of every text asset beside it, compressed once at build time at the
    // highest levels (too slow per request), for the server to send whichever the browser accepts
    // (plugins/spa.ts). A copy no smaller than its original is not written.
    // index.html once more for each public route, with the route's own chunks preloaded
    // (DECISIONS.md #117), and their compressed copies.
    routeDocumentsPlugin(),
    compression({
      include: /\.(html|js|mjs|css|svg|json|txt|webmanifest)$/,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks and CSS each entry and lazy route needs, read by the
    // route budget check (scripts/route-budgets.ts) and the bench's web stage.
    manifest: true,
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks below; the app's one entry exports nothing.
      preserveEntrySignatures: false,
      output: {
        // React and the router change least often and every screen needs them: one chunk of their
        // own stays cached between releases. Everything else is split where the screens that use it
        // are, so a public page never downloads the signed-in app's libraries (DECISIONS.md #32).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // The password meter's estimator and word lists (~430 KB), loaded on the first keystroke
            // in a new-password field: named, so the service worker can leave them out of its
            // precache (lib/offline/pwa-options.ts).
            { name: 'zxcvbn', test: /node_modules[\\/]@zxcvbn-ts[\\/]/ },
            // The Excel reader (~50 KB), loaded when a workbook is chosen to import (DECISIONS.md
            // #96): named for the same reason, since importing needs the server anyway.
            { name: 'workbook-reader', test: /node_modules[\\/](read-excel-file|fflate|saxen|unzipper-esm|worker-f)[\\/]/ },
            // Everything else the entry imports statically (the layout, the guards, Mantine's core),
            // which every page loads anyway: one file instead of some thirty small shared chunks,
            // fewer requests and better compression.
            { name: 'shell', tags: ['$initial'] },
            // TanStack Query and the app's client, loaded with the first signed-in screen (the shell
            // holds only the library's React context: components/QueryScope.tsx, DECISIONS.md #115):
            // one file rather than three shared chunks split by which screens import what. After
            // the shell's group, so the context the shell needs stays in it.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]src[\\/]lib[\\/]query-client\.ts$/,
            },
          ],
          // A shared chunk under 16 KB of source (about 4 KB compressed) is copied into each chunk
          // that imports it rather than fetched on its own: the ledger's first load went from 89
          // files to 20, and every first load lost bytes, since ~500 bytes of headers per request
          // and brotli's poorer ratio on small files outweighed the copies (DECISIONS.md #110).
          // Experimental in Rolldown: a Vite upgrade is checked against the transferred table.
          experimentalInlineCommonChunks: { maxSize: 16384 },
        },
      },
    },
  },
});
