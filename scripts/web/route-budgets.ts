// The route budget check of `npm test` (run by scripts/e2e.sh right after the build): prints the
// first-load bytes of each measured route (scripts/web/routes.ts) and exits 1 when a route is over
// its budget, or when a route's module is no longer loaded lazily. Alone: `npm run build` then
// `node --import tsx scripts/web/route-budgets.ts`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ManifestProblem, brotliSizes, firstLoad, notLazy, readManifest } from './route-bytes';
import { MEASURED_ROUTES, type MeasuredRoute } from './routes';

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

export interface RouteBytes {
  route: MeasuredRoute;
  bytes: number;
  jsBytes: number;
  cssBytes: number;
  files: number;
}

/** First-load bytes of every measured route of the build in distDir. */
export function measureRoutes(distDir: string = webDist): RouteBytes[] {
  const manifest = readManifest(distDir);
  const sizes = brotliSizes(distDir);
  return MEASURED_ROUTES.map((route) => {
    const eager = notLazy(manifest, route.modules);
    if (eager.length) {
      throw new ManifestProblem(
        `${route.name}: ${eager.join(', ')} is not a lazily loaded module of the build (apps/web/src/router.tsx)`,
      );
    }
    const load = firstLoad(manifest, route.modules, sizes);
    return { route, bytes: load.bytes, jsBytes: load.jsBytes, cssBytes: load.cssBytes, files: load.files.length };
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
    console.error(`\nOver budget: ${over.map((row) => `${row.route.name} ${kb(row.bytes)} > ${kb(row.route.budgetBytes!)}`).join('; ')}`);
    process.exit(1);
  }
  console.log('Every route is within its budget.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`Route budgets: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
