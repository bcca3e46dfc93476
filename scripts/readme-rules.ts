/**
 * The README stays a front door (issue 26): at most 250 lines, and every link to a file of the
 * repository resolves. The method and tables of what is measured belong in docs/PERFORMANCE.md,
 * the long descriptions in docs/*.md; check-readme.ts runs this in `npm run lint`.
 */

export const README_MAX_LINES = 250;

/** The repository paths the README links to (not web addresses, not anchors of the page itself). */
export function linkedPaths(readme: string): string[] {
  const paths = new Set<string>();
  for (const [, target = ''] of readme.matchAll(/\]\(([^)\s]+)\)/g)) {
    const path = target.split('#')[0] ?? '';
    if (path === '' || /^[a-z]+:/i.test(path)) continue;
    paths.add(path);
  }
  return [...paths];
}

/** What is wrong with the README, one sentence each; `exists` answers for a repository path. */
export function readmeProblems(readme: string, exists: (path: string) => boolean): string[] {
  const problems: string[] = [];
  const lines = readme.endsWith('\n') ? readme.split('\n').length - 1 : readme.split('\n').length;
  if (lines > README_MAX_LINES) {
    problems.push(`README.md has ${lines} lines, more than ${README_MAX_LINES}: move the detail into docs/.`);
  }
  for (const path of linkedPaths(readme)) {
    if (!exists(path)) problems.push(`README.md links to ${path}, which does not exist.`);
  }
  return problems;
}
