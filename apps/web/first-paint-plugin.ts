/**
 * Vite plugin: the first-paint boot script (src/lib/first-paint-boot.ts: the colour scheme and the
 * signed-in mark) inline at the top of `<head>`, so it runs before the first paint without a
 * request of its own, which would hold the page's parsing back by a round trip (DECISIONS.md #36,
 * #121). The Content-Security-Policy allows it by its hash, which the server takes from the built
 * index.html (apps/server/src/lib/inline-script-hashes.ts), and no other inline script.
 */
import type { Plugin } from 'vite';
import { firstPaintBootScript } from './src/lib/first-paint-boot';

export function firstPaintBoot(): Plugin {
  const source = firstPaintBootScript();
  return {
    name: 'mindspend-first-paint-boot',
    transformIndexHtml() {
      return [{ tag: 'script', children: source, injectTo: 'head-prepend' }];
    },
  };
}
