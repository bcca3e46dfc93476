/**
 * `npm run lint` step: README.md is at most 250 lines and its links to the repository's files
 * resolve (rules in readme-rules.ts). Prints each problem and exits 1.
 *
 *   node --import tsx scripts/check-readme.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readmeProblems } from './readme-rules';

const root = fileURLToPath(new URL('..', import.meta.url));
const problems = readmeProblems(readFileSync(join(root, 'README.md'), 'utf8'), (path) => existsSync(join(root, path)));
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log('README: within its length, every link resolves.');
