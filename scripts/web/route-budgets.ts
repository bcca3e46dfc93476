// The route budget check of `npm test` (run by scripts/e2e.sh right after the build): prints the
// first-load bytes of each measured route (scripts/web/routes.ts) and exits 1 when a route is over
// its budget, when a route's module is no longer loaded lazily, or when a route's first load
// includes code it must not (a public page the signed-in app, a screen without charts the chart
// libraries), read from the build's source maps. Alone: `npm run build` then
// `node --import tsx scripts/web/route-budgets.ts`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ManifestProblem,
  brotliSizes,
  firstLoad,
  loadedSources,
  notLazy,
  readManifest,
  sourceMapSources,
} from './route-bytes';
import { MEASURED_ROUTES, type MeasuredRoute } from './routes';

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

export interface RouteBytes {
  route: MeasuredRoute;
  bytes: number;
  jsBytes: number;
  cssBytes: number;
  files: number;
  /** Sources the route must not load (RouteBytes.route.mustNotLoad) that its first load includes. */
  forbidden: string[];
}

/** First-load bytes of every measured route of the build in distDir. */
export function measureRoutes(distDir: string = webDist): RouteBytes[] {
  const manifest = readManifest(distDir);
  const sizes = brotliSizes(distDir);
  const sources = sourceMapSources(distDir);
  return MEASURED_ROUTES.map((route) => {
    const eager = notLazy(manifest, route.modules);
    if (eager.length) {
      throw new ManifestProblem(
        `${route.name}: ${eager.join(', ')} is not a lazily loaded module of the build (apps/web/src/router.tsx)`,
      );
    }
    const load = firstLoad(manifest, route.modules, sizes);
    const forbidden = route.mustNotLoad ? loadedSources(load, sources, route.mustNotLoad) : [];
    return {
      route,
      bytes: load.bytes,
      jsBytes: load.jsBytes,
      cssBytes: load.cssBytes,
      files: load.files.length,
      forbidden,
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function bytesTable(rows: RouteBytes[]): string {
  const lines = [
    '| route | first load (brotli) | JS | CSS | files | budget |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const budget = row.route.budgetBytes;
    const verdict = budget === undefined ? '—' : `${row.bytes <= budget ? '≤' : 'OVER'} ${kb(budget)}`;
    lines.push(
      `| ${row.route.name} \`${row.route.path}\` | ${kb(row.bytes)} (${row.bytes.toLocaleString('en-US')} B) | ${kb(row.jsBytes)} | ${kb(row.cssBytes)} | ${row.files} | ${verdict} |`,
    );
  }
  return lines.join('\n');
}

function main(): void {
  const rows = measureRoutes();
  console.log('Route budgets: first load in bytes on the wire (brotli), KB = 1000 bytes');
  console.log(bytesTable(rows));
  const over = rows.filter((row) => row.route.budgetBytes !== undefined && row.bytes > row.route.budgetBytes);
  if (over.length) {
    console.error(
      `\nOver budget: ${over.map((row) => `${row.route.name} ${kb(row.bytes)} > ${kb(row.route.budgetBytes!)}`).join('; ')}`,
    );
  }
  const loadsTooMuch = rows.filter((row) => row.forbidden.length);
  for (const row of loadsTooMuch) {
    const shown = row.forbidden.slice(0, 10).join(', ');
    const more = row.forbidden.length > 10 ? ` and ${row.forbidden.length - 10} more` : '';
    console.error(`\n${row.route.name} loads code it must not (${row.route.mustNotLoad}): ${shown}${more}`);
  }
  if (over.length || loadsTooMuch.length) process.exit(1);
  console.log(
    'Every route is within its budget; public pages load none of the signed-in app, and only insights and reports load the charts.',
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`Route budgets: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
