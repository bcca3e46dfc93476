/**
 * `npm run lint` step: docs/ARCHITECTURE.md lists every server module and web feature folder, and
 * none that is gone (rule in architecture-map.ts). Prints each problem and exits 1.
 *
 *   node --import tsx scripts/check-architecture.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { architectureProblems } from './architecture-map';

const root = fileURLToPath(new URL('..', import.meta.url));

function folders(path: string): string[] {
  return readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const problems = architectureProblems(readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8'), [
  { kind: 'server module', lead: 'Server feature modules:', folders: folders('apps/server/src/modules') },
  { kind: 'web feature', lead: 'Web features follow the screens:', folders: folders('apps/web/src/features') },
]);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log('Architecture map: every server module and web feature is in docs/ARCHITECTURE.md.');
