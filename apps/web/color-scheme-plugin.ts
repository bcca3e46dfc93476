/**
 * Vite plugin: the colour scheme boot script (src/lib/color-scheme-boot.ts) as a fingerprinted
 * file under assets/, loaded by a classic `<script>` at the top of `<head>` so it runs before the
 * first paint, from 'self' as the Content-Security-Policy requires (DECISIONS.md #36).
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { colorSchemeBootScript } from './src/lib/color-scheme-boot';

export function colorSchemeBoot(): Plugin {
  const source = colorSchemeBootScript();
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
  const fileName = `assets/color-scheme-${hash}.js`;
  return {
    name: 'mindspend-color-scheme-boot',
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.end(source);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml() {
      return [{ tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'head-prepend' }];
    },
  };
}
