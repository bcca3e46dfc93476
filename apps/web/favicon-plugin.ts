/**
 * Vite plugin: the page's icon written into index.html as a data URL of public/favicon.svg, the
 * one drawing of the mark, so a cold first load asks for one file fewer (about 1.2 KB on the wire,
 * mostly headers, for a 300-byte drawing; DECISIONS.md #110). public/favicon.svg stays for
 * the installed app's icons and anything that asks for it by name.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const faviconFile = fileURLToPath(new URL('./public/favicon.svg', import.meta.url));

/** `data:image/svg+xml,…` with only the characters a URL in an attribute needs escaped. */
export function svgDataUrl(svg: string): string {
  const escaped = svg.trim().replace(/[\r\n]+/g, ' ').replace(/[%#<>"]/g, (char) => encodeURIComponent(char));
  return `data:image/svg+xml,${escaped}`;
}

export function inlineFavicon(): Plugin {
  return {
    name: 'mindspend-inline-favicon',
    transformIndexHtml() {
      const href = svgDataUrl(readFileSync(faviconFile, 'utf8'));
      return [{ tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href }, injectTo: 'head' }];
    },
  };
}
