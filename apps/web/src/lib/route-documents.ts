/**
 * A copy of index.html per public route whose first paint waits on its own chunk, naming that chunk
 * and the chunks it imports as `modulepreload` links (issue 29, DECISIONS.md #117). Without them
 * the browser learns of the route's chunk only once the shell has run its router: one round trip
 * and one download after the others. Used at build time by apps/web/route-documents-plugin.ts; the
 * server sends a route's copy for that exact path (apps/server/src/plugins/spa.ts). A route whose
 * page the build draws in advance (src/prerender.tsx, DECISIONS.md #121) also gets that page's HTML
 * inside `#root`, so the browser paints it before any JavaScript has run; a screen that shows a
 * spinner until the server has answered one read gets that read started with the page.
 */
import { SIGNED_IN_MARK } from './first-paint-boot';

/** What the build's manifest (dist/.vite/manifest.json) says of one chunk. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

export interface RouteDocument {
  /** The file under dist/, e.g. `documents/login.html`. */
  file: string;
  html: string;
}

/** Where the route documents and their index (path → file) are written under dist/. */
export const ROUTE_DOCUMENTS_DIR = 'documents';
export const ROUTE_DOCUMENTS_INDEX = `${ROUTE_DOCUMENTS_DIR}/routes.json`;

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * `#root` holding a page drawn in advance carries this attribute until the app takes the page over
 * (main.tsx), and hides it on a device where someone is signed in (the first-paint script marks
 * `<html>`: lib/first-paint-boot.ts), whom the app sends on to their budgets: the landing page
 * must not flash by on the way.
 */
export const DRAWN_PAGE_ATTRIBUTE = 'data-prerendered';
const HIDDEN_WHEN_SIGNED_IN = `<style>html[${SIGNED_IN_MARK.attribute}="${SIGNED_IN_MARK.value}"] #root[${DRAWN_PAGE_ATTRIBUTE}]{visibility:hidden}</style>`;

/** The chunk of `key` and every chunk it imports statically, each once, in load order. */
function chunkClosure(manifest: BuildManifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build's manifest has no chunk ${key}.`);
  return [...(chunk.imports ?? []).flatMap((imported) => chunkClosure(manifest, imported, seen)), chunk.file];
}

/** What a route's document holds besides its chunks' preloads, by the route's module. */
export interface RouteDocumentExtras {
  /** The page's HTML drawn at build time (src/prerender.tsx). */
  drawn?: Record<string, string>;
  /**
   * The API reads (paths, GET) the screen waits for before it draws anything but a spinner,
   * started by the document (`<link rel="preload" as="fetch">`) instead of once the app has run;
   * the app's own `fetch` of the same address then takes that answer.
   */
  reads?: Record<string, readonly string[]>;
}

/**
 * One document per distinct module of `routes` (path → the module the router loads lazily for it,
 * as a manifest key): index.html with a `modulepreload` link for each of the module's chunks that
 * index.html does not name already, a `preload` of each of the module's `reads`, and the page's
 * HTML inside `#root` where `drawn` has it. Returns the documents and the index of which path
 * gets which.
 */
export function routeDocuments(
  indexHtml: string,
  manifest: BuildManifest,
  routes: Record<string, string>,
  { drawn = {}, reads = {} }: RouteDocumentExtras = {},
): { documents: RouteDocument[]; index: Record<string, string> } {
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head> to add preloads before.');
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to draw a page in.`);
  const documents = new Map<string, RouteDocument>();
  const index: Record<string, string> = {};
  for (const [routePath, module] of Object.entries(routes)) {
    if (!manifest[module]) throw new Error(`The route ${routePath} names ${module}, which the build's manifest does not have.`);
    const name = module.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
    const file = `${ROUTE_DOCUMENTS_DIR}/${name}.html`;
    if (!documents.has(file)) {
      const links = chunkClosure(manifest, module)
        .filter((chunkFile) => !indexHtml.includes(`/${chunkFile}"`))
        .map((chunkFile) => `<link rel="modulepreload" crossorigin href="/${chunkFile}">`);
      // crossorigin="anonymous" is the credentials mode of the app's fetch ('same-origin').
      const readLinks = (reads[module] ?? []).map((read) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${read}">`);
      const page = drawn[module];
      const head = [...links, ...readLinks, ...(page === undefined ? [] : [HIDDEN_WHEN_SIGNED_IN])];
      let html = indexHtml.replace('</head>', `${head.join('\n    ')}\n  </head>`);
      if (page !== undefined)
        html = html.replace(EMPTY_ROOT, `<div id="root" ${DRAWN_PAGE_ATTRIBUTE}>${page}</div>`);
      documents.set(file, { file, html });
    }
    index[routePath] = file;
  }
  return { documents: [...documents.values()], index };
}
