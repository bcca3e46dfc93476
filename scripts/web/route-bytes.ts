// What a route costs the browser on its first load, in bytes as they travel (brotli), counted from
// the web build's manifest (apps/web/dist/.vite/manifest.json, `build.manifest` in vite.config.ts).
//
// A route's first load (DECISIONS.md #32) is index.html, the entry chunk with every chunk it
// imports statically (index.html preloads them) and their CSS, and the route's lazy module(s) with
// their static imports and CSS (Vite's preload helper fetches those before the module runs). Each
// file is counted once, at the size of its `.br` copy when the build wrote one (a copy no smaller
// than its original is not written, and the server then sends the original). Images and fonts
// that CSS refers to are not counted: the app has none on its first screens. Data from the API is
// not a build artefact and is not counted either.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (the fields this count reads). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** Bytes of a file as the browser receives it; null when the file is missing from the build. */
export type WireSize = (file: string) => number | null;

export const ENTRY_KEY = 'index.html';

export interface FirstLoad {
  /** Every file fetched, index.html first, each once. */
  files: { file: string; bytes: number }[];
  bytes: number;
  jsBytes: number;
  cssBytes: number;
}

export class ManifestProblem extends Error {}

function chunkOf(manifest: Manifest, key: string, wanted: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new ManifestProblem(`${wanted} ${key} is not in the build's manifest`);
  return chunk;
}

/** Keys of the modules a route loads lazily that the entry never imports dynamically, directly or through another lazy module. */
export function notLazy(manifest: Manifest, moduleKeys: readonly string[]): string[] {
  const reachable = new Set<string>();
  const queue = [ENTRY_KEY];
  while (queue.length) {
    const chunk = manifest[queue.pop()!];
    for (const key of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) {
      if (reachable.has(key)) continue;
      reachable.add(key);
      queue.push(key);
    }
  }
  return moduleKeys.filter((key) => !reachable.has(key) || !manifest[key]?.isDynamicEntry);
}

/** The files a route's first load fetches and their bytes on the wire. */
export function firstLoad(
  manifest: Manifest,
  routeModules: readonly string[],
  wireSize: WireSize,
): FirstLoad {
  const chunks: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string, wanted: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = chunkOf(manifest, key, wanted);
    chunks.push(key);
    for (const imported of chunk.imports ?? []) visit(imported, `${key} imports`);
  };
  chunkOf(manifest, ENTRY_KEY, 'The entry');
  visit(ENTRY_KEY, 'The entry');
  for (const key of routeModules) visit(key, 'The route module');

  const files: string[] = [ENTRY_KEY];
  for (const key of chunks) {
    const chunk = manifest[key]!;
    files.push(chunk.file, ...(chunk.css ?? []));
  }
  const result: FirstLoad = { files: [], bytes: 0, jsBytes: 0, cssBytes: 0 };
  for (const file of new Set(files)) {
    const bytes = wireSize(file);
    if (bytes === null) throw new ManifestProblem(`${file} is in the manifest but not in the build`);
    result.files.push({ file, bytes });
    result.bytes += bytes;
    if (file.endsWith('.css')) result.cssBytes += bytes;
    else if (file.endsWith('.js')) result.jsBytes += bytes;
  }
  return result;
}

/** The source files bundled into a built file, or null when the build wrote no source map for it. */
export type SourcesOf = (file: string) => string[] | null;

/**
 * The source files of a first load that match `pattern` (code a route must not load), each once,
 * from the built files' source maps. CSS and files without a map are skipped.
 */
export function loadedSources(load: FirstLoad, sourcesOf: SourcesOf, pattern: RegExp): string[] {
  const found = new Set<string>();
  for (const { file } of load.files) {
    if (!file.endsWith('.js')) continue;
    for (const source of sourcesOf(file) ?? []) if (pattern.test(source)) found.add(source);
  }
  return [...found].sort();
}

/** Source lists read from the `.map` files `build.sourcemap` writes beside each chunk. */
export function sourceMapSources(distDir: string): SourcesOf {
  return (file) => {
    const map = path.join(distDir, `${file}.map`);
    if (!existsSync(map)) return null;
    return (JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? [];
  };
}

/** Sizes read from a build folder: the `.br` copy when there is one, else the file itself. */
export function brotliSizes(distDir: string): WireSize {
  return (file) => {
    const full = path.join(distDir, file);
    if (existsSync(`${full}.br`)) return statSync(`${full}.br`).size;
    return existsSync(full) ? statSync(full).size : null;
  };
}

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new ManifestProblem(`${file} is missing: build the web app first (npm run build)`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}
