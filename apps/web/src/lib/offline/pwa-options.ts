/**
 * vite-plugin-pwa's options (DECISIONS.md #35): the web app manifest that makes Mindspend
 * installable, and the service worker (src/service-worker/sw.ts) built in injectManifest mode
 * with the app shell's precache list. Read by vite.config.ts only, at build time.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Mantine's teal 6, the primary colour of src/theme.ts and of the mark in public/favicon.svg. */
const THEME_COLOR = '#0ca678';
/** The page background of the light scheme. */
const BACKGROUND_COLOR = '#ffffff';

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  // main.tsx registers it (lib/offline/register-service-worker.ts) and prompts for updates.
  injectRegister: false,
  registerType: 'prompt',
  manifest: {
    id: '/',
    name: 'Mindspend',
    short_name: 'Mindspend',
    description: 'Create budgets, track your spending and how it felt.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    // Rendered once from public/favicon.svg (the maskable one with the mark inside the safe zone).
    // The home screen's long-press menu (issue 30): a purchase and its feeling in one screen.
    shortcuts: [
      {
        name: 'Add with feeling',
        short_name: 'Add',
        description: 'Record a purchase and how it felt',
        url: '/add',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons are in the glob below (with the apple-touch one); the plugin adds the manifest.
  includeManifestIcons: false,
  injectManifest: {
    // The shell: the page, scripts, styles and icons; not the .br/.gz copies nor source maps.
    globPatterns: ['**/*.{html,js,css,svg,png}'],
    // The password meter's word lists are for signing up and changing a password, and the Excel
    // reader for importing a workbook, which need a connection anyway: every installed app need
    // not download them (vite.config.ts). The route documents are index.html with a route's chunks
    // preloaded, for a first visit; the worker answers every page from index.html (DECISIONS.md #117).
    globIgnores: ['**/*.map', '**/zxcvbn-*.js', '**/workbook-reader-*.js', 'documents/**'],
    // The largest vendor chunk is near 1 MB before compression.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
};
