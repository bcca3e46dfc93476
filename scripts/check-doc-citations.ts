/**
 * `npm run lint` step: every citation of the design record in the code and docs must point at a
 * doc, record, convention, spec section or heading that exists (rules in doc-citations.ts).
 * Prints each broken one as `file:line  citation → what is missing` and exits 1.
 *
 *   node --import tsx scripts/check-doc-citations.ts
 */
import { type Dirent, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ReadFile, type TextFile, checkCitations, formatProblems } from './doc-citations';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Folders whose source files are scanned, and single files beside them. */
const SCANNED_DIRS = ['apps', 'packages', 'scripts', 'docs'];
const SCANNED_FILES = ['README.md'];
/** Text files that can hold a citation: source, scripts, styles, markdown. */
const SCANNED_EXTENSIONS = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|sh|css|html|md)$/;
/** Installed packages, build output and test artefacts are not ours to check. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'data', 'e2e-screenshots', 'test-results', 'playwright-report']);
/**
 * The check's own rules and tests talk about citations, broken ones on purpose, rather than
 * making them; so does the README check's test.
 */
const SKIPPED_FILES = new Set([
  'scripts/doc-citations.ts',
  'scripts/doc-citations.test.ts',
  'scripts/check-doc-citations.ts',
  // The README check's test links to files that do not exist, on purpose.
  'scripts/readme-rules.test.ts',
]);

function toRepoPath(absolute: string): string {
  return relative(root, absolute).split(sep).join('/');
}

function walk(dir: string, found: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // a scanned folder that does not exist holds no citations
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(path, found);
    } else if (entry.isFile() && SCANNED_EXTENSIONS.test(entry.name)) {
      found.push(path);
    }
  }
}

function sourceFiles(): TextFile[] {
  const paths: string[] = [];
  for (const dir of SCANNED_DIRS) walk(join(root, dir), paths);
  for (const file of SCANNED_FILES) paths.push(join(root, file));
  return paths
    .map(toRepoPath)
    .filter((path) => !SKIPPED_FILES.has(path))
    .sort()
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

const readRepoFile: ReadFile = (path) => {
  // A citation naming a path outside the repository points at nothing a clone has.
  if (path.startsWith('../') || path.startsWith('/')) return null;
  try {
    return statSync(join(root, path)).isFile() ? readFileSync(join(root, path), 'utf8') : null;
  } catch {
    return null;
  }
};

const files = sourceFiles();
const { checked, problems } = checkCitations(files, readRepoFile);
if (problems.length > 0) {
  console.error(`Doc citations that point at nothing (${problems.length} of ${checked}):`);
  console.error(formatProblems(problems));
  console.error(
    'Fix the citation, or the doc it names: records are "## N. …" in docs/DECISIONS.md, conventions ' +
      '"### N. …" under "## Conventions" in docs/ARCHITECTURE.md, spec sections the numbered headings ' +
      'of docs/product-spec.md.',
  );
  process.exit(1);
}
console.log(`Doc citations: ${checked} in ${files.length} files, all resolve.`);
