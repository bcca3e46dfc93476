import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { colorSchemeBoot } from './color-scheme-plugin';

const root = fileURLToPath(new URL('.', import.meta.url));

// The server (apps/server) answers /api; in development Vite forwards those calls to it.
export default defineConfig({
  root,
  plugins: [
    react(),
    // Sets the colour scheme before the first paint (DECISIONS.md #36).
    colorSchemeBoot(),
    // Brotli and gzip copies of every text asset beside it, compressed once at build time at the
    // highest levels (too slow per request), for the server to send whichever the browser accepts
    // (plugins/spa.ts). A copy no smaller than its original is not written.
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached between releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
