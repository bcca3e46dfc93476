// The citation check of `npm run lint`: what it reads as a citation, how each kind resolves, and
// that a broken one is reported with its file and line. A check that silently stopped matching
// (a regex typo, a renamed doc) would pass every real run; these catch it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ARCHITECTURE_DOC,
  DECISIONS_DOC,
  SPEC_DOC,
  type ReadFile,
  type TextFile,
  checkCitations,
  conventionNumbers,
  decisionRecords,
  findCitations,
  formatProblems,
  headingsOf,
  slug,
  specSections,
} from './doc-citations';

const decisions = `# Decisions

## 1. The password rule

Text.

## 17. Deleting a budget ends it before a month
`;

const architecture = `# Architecture

## How a request flows

## Conventions

### 2. Every query is scoped by the signed-in user

### 6. Errors have one shape

## Elsewhere

### 7. Not a convention: it is outside the Conventions section
`;

const spec = `# Specification

\`\`\`
## 8. A heading inside a code fence is no section
\`\`\`

## 1. What the product does and for whom
## 2. Screens and routes
### 2.1 Route table
### 2.5 Budgets page (/budgets/month/{month}/year/{year})
## 9. Business constants and limits
`;

const concurrentWrites = `# Concurrent writes

## The rule

## Imports

## The same answers on both databases
`;

/** A small repository: the three docs the citations name, plus one more doc and a source file. */
const repo: Record<string, string> = {
  [DECISIONS_DOC]: decisions,
  [ARCHITECTURE_DOC]: architecture,
  [SPEC_DOC]: spec,
  'docs/concurrent-writes.md': concurrentWrites,
  'apps/server/src/db/user-writes.ts': '// the write lock\n',
};
const read: ReadFile = (path) => repo[path] ?? null;

function check(...files: TextFile[]) {
  return checkCitations(files, read);
}

describe('findCitations', () => {
  it('reads each kind of citation, with its line', () => {
    const file: TextFile = {
      path: 'apps/server/src/modules/budgets/budgets.service.ts',
      text: [
        '/** Ends a budget (DECISIONS.md #17). */',
        '// 422 answers (ARCHITECTURE.md convention 6); spec §2.5 and §9.',
        '/** see docs/concurrent-writes.md#imports */',
      ].join('\n'),
    };
    const citations = findCitations(file);
    expect(citations.map(({ line, target }) => ({ line, target })).slice(0, 4)).toEqual([
      { line: 1, target: { kind: 'decision', record: 17 } },
      { line: 2, target: { kind: 'convention', convention: 6 } },
      { line: 2, target: { kind: 'spec', section: '2.5' } },
      { line: 2, target: { kind: 'spec', section: '9' } },
    ]);
    const mention = citations[4];
    expect(citations).toHaveLength(5);
    expect(mention?.line).toBe(3);
    // A path from the repository root first; then from the citing file's folders, nearest first.
    expect(mention?.target).toEqual({
      kind: 'file',
      candidates: [
        'docs/concurrent-writes.md',
        'apps/server/src/modules/budgets/docs/concurrent-writes.md',
        'apps/server/src/modules/docs/concurrent-writes.md',
        'apps/server/src/docs/concurrent-writes.md',
        'apps/server/docs/concurrent-writes.md',
        'apps/docs/concurrent-writes.md',
      ],
      anchor: 'imports',
    });
  });

  it('reads every record of a list, and a citation wrapped onto the next comment line', () => {
    const file: TextFile = {
      path: 'a.ts',
      text: '/** Plans (DECISIONS.md #7, #10) and (DECISIONS #4 and #5); see DECISIONS.md\n * #13 and the\n * ARCHITECTURE.md\n * convention 2. */',
    };
    const records = findCitations(file).map(({ target, line }) => {
      if (target.kind === 'decision') return [target.kind, target.record, line];
      if (target.kind === 'convention') return [target.kind, target.convention, line];
      return [target.kind, line];
    });
    expect(records).toEqual([
      ['decision', 7, 1],
      ['decision', 10, 1],
      ['decision', 4, 1],
      ['decision', 5, 1],
      ['decision', 13, 1],
      ['convention', 2, 3],
    ]);
  });

  it('leaves URLs and placeholders alone: `#N` is no record, only the file named is checked', () => {
    const file: TextFile = {
      path: 'README.md',
      text: 'Cite `DECISIONS.md #N` or `spec §N`; see https://github.com/o/r/blob/main/docs/GONE.md#x.',
    };
    expect(findCitations(file).map(({ target }) => target)).toEqual([
      { kind: 'file', candidates: ['docs/DECISIONS.md', 'DECISIONS.md'], anchor: null },
    ]);
  });

  it('resolves markdown links against the linking file, and same-page anchors against itself', () => {
    const file: TextFile = { path: 'docs/ARCHITECTURE.md', text: 'See [writes](concurrent-writes.md#the-rule), [top](#conventions).' };
    expect(findCitations(file).map(({ target }) => target)).toEqual([
      { kind: 'file', candidates: ['docs/concurrent-writes.md'], anchor: 'the-rule' },
      { kind: 'file', candidates: ['docs/ARCHITECTURE.md'], anchor: 'conventions' },
    ]);
  });
});

describe('reading the docs', () => {
  it('anchors headings as GitHub does', () => {
    expect(slug('2.1 Route table')).toBe('21-route-table');
    expect(slug('The `writeAsUser` rule: why?')).toBe('the-writeasuser-rule-why');
    expect(headingsOf('# A\n## A\n## B').map((heading) => heading.anchor)).toEqual(['a', 'a-1', 'b']);
  });

  it('numbers records, conventions and spec sections from their headings', () => {
    expect([...decisionRecords(decisions)]).toEqual([1, 17]);
    expect([...conventionNumbers(architecture)]).toEqual([2, 6]);
    expect([...specSections(spec)]).toEqual(['1', '2', '2.1', '2.5', '9']);
  });
});

describe('checkCitations', () => {
  it('passes citations that resolve', () => {
    const { checked, problems } = check({
      path: 'apps/server/src/plugins/errors.ts',
      text: [
        '/** One error shape (ARCHITECTURE.md convention 6), ids of others 404 (convention 2). */',
        '/** DECISIONS.md #1, #17; spec §1, §2.1, §9. */',
        '/** docs/concurrent-writes.md, concurrent-writes.md#the-same-answers-on-both-databases, db/user-writes.ts */',
      ].join('\n'),
    });
    expect(problems).toEqual([]);
    expect(checked).toBe(9);
  });

  it('reports a deliberately broken citation of each kind, with file, line and what is missing', () => {
    const { problems } = check(
      {
        path: 'apps/web/src/broken.ts',
        text: [
          '// fine: DECISIONS.md #1',
          '// DECISIONS.md #99',
          '// ARCHITECTURE.md convention 7',
          '// spec §2.9 and §10',
          '// docs/missing.md',
          '// docs/concurrent-writes.md#no-such-heading',
        ].join('\n'),
      },
      { path: 'docs/ARCHITECTURE.md', text: 'Also [gone](#gone) and [spec](product-spec.md#99-nothing).' },
    );
    expect(problems.map(({ file, line, reason }) => `${file}:${line} ${reason}`)).toEqual([
      'apps/web/src/broken.ts:2 docs/DECISIONS.md has no record 99 (a "## 99. …" heading)',
      'apps/web/src/broken.ts:3 docs/ARCHITECTURE.md has no convention 7 (a "### 7. …" heading under "## Conventions")',
      'apps/web/src/broken.ts:4 docs/product-spec.md has no section 2.9',
      'apps/web/src/broken.ts:4 docs/product-spec.md has no section 10',
      'apps/web/src/broken.ts:5 no such file: docs/missing.md',
      'apps/web/src/broken.ts:6 docs/concurrent-writes.md has no heading #no-such-heading',
      'docs/ARCHITECTURE.md:1 docs/ARCHITECTURE.md has no heading #gone',
      'docs/ARCHITECTURE.md:1 docs/product-spec.md has no heading #99-nothing',
    ]);
    expect(formatProblems(problems.slice(0, 1))).toBe(
      '  apps/web/src/broken.ts:2  DECISIONS.md #99 → docs/DECISIONS.md has no record 99 (a "## 99. …" heading)',
    );
  });

  it('reports every citation when the doc it names is missing', () => {
    const { problems } = checkCitations([{ path: 'a.ts', text: '// DECISIONS.md #1; spec §1' }], () => null);
    expect(problems.map(({ reason }) => reason)).toEqual([
      'docs/DECISIONS.md does not exist',
      'docs/product-spec.md does not exist',
    ]);
  });

  it("reports a broken citation against the repository's real docs", () => {
    const repoRoot = fileURLToPath(new URL('..', import.meta.url));
    const readReal: ReadFile = (path) => {
      try {
        return readFileSync(repoRoot + path, 'utf8');
      } catch {
        return null;
      }
    };
    const { problems } = checkCitations(
      [{ path: 'apps/server/src/x.ts', text: '// DECISIONS.md #17, ARCHITECTURE.md convention 6, spec §2.5\n// DECISIONS.md #999' }],
      readReal,
    );
    expect(problems).toEqual([
      {
        file: 'apps/server/src/x.ts',
        line: 2,
        citation: 'DECISIONS.md #999',
        reason: 'docs/DECISIONS.md has no record 999 (a "## 999. …" heading)',
      },
    ]);
  });
});
