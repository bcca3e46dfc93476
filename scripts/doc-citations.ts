/**
 * Finds the places where code and docs cite the design record, and checks that each citation
 * still points at something: comments cite `DECISIONS.md #17`, `ARCHITECTURE.md convention 6`,
 * `spec §2.5` and `docs/concurrent-writes.md#imports`, and a renumbered record or a renamed
 * heading would otherwise leave them pointing nowhere without anyone noticing.
 *
 * Pure: the caller hands in the files to scan and a way to read a repository file, so the rules
 * can be tested on small made-up trees (scripts/check-doc-citations.ts runs them on the repo).
 */
import { posix } from 'node:path';

/** Where each kind of citation resolves, relative to the repository root. */
export const DECISIONS_DOC = 'docs/DECISIONS.md';
export const ARCHITECTURE_DOC = 'docs/ARCHITECTURE.md';
/** `spec §N` is section N of the product specification, kept in the repo verbatim. */
export const SPEC_DOC = 'docs/product-spec.md';
/** Docs named without a folder (`concurrent-writes.md`) are looked for here first. */
const DOCS_DIR = 'docs';

export interface TextFile {
  /** Repository-relative path with forward slashes. */
  path: string;
  text: string;
}

/** Reads a repository file by its repository-relative path; null when there is no such file. */
export type ReadFile = (path: string) => string | null;

export type Target =
  | { kind: 'decision'; record: number }
  | { kind: 'convention'; convention: number }
  | { kind: 'spec'; section: string }
  /** A file, tried at each candidate path in turn, and optionally a heading anchor in it. */
  | { kind: 'file'; candidates: string[]; anchor: string | null };

export interface Citation {
  file: string;
  line: number;
  /** The citation as written, whitespace collapsed, for the report. */
  text: string;
  target: Target;
}

export interface Problem {
  file: string;
  line: number;
  citation: string;
  reason: string;
}

// A citation may wrap onto the next comment line: ` * ` or `// ` continues it.
const GAP = String.raw`[ \t]*(?:\r?\n[ \t]*(?:\*|\/\/)?[ \t]*)?`;
const DECISION_CITATION = new RegExp(String.raw`\bDECISIONS(?:\.md)?${GAP}#(\d+)((?:[ \t]*(?:,|and|&)[ \t]*#\d+)*)`, 'g');
const CONVENTION_CITATION = new RegExp(
  String.raw`(?:\bARCHITECTURE\.md${GAP})?\b[Cc]onventions?${GAP}(\d+)((?:[ \t]*(?:,|and|&)[ \t]*\d+)*)\b`,
  'g',
);
/** Every `§N` is a spec section (also the bare `§4` of "spec §2.3, §4"): nothing else uses §. */
const SPEC_CITATION = /(?:\b[Ss]pec[ \t]?)?§[ \t]?(\d+(?:\.\d+)*)/g;
/** `[text](target)` in markdown; a title after the target is allowed. */
const MARKDOWN_LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"\n]*")?\s*\)/g;
/** A markdown file named in prose or a comment, with an optional anchor; not part of a URL. */
const MARKDOWN_MENTION = /(?<![\w./@:-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w-][\w.-]*\.md)(?:#([\w-]+))?(?![\w-])/g;
const URL_SCHEME = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Offsets of each line's start, to turn a match index into a 1-based line number. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function lineOf(starts: readonly number[], index: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= index) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** Blanks a span (keeping line breaks, so later matches keep their line numbers). */
function mask(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}

/** Percent-decoded link text; a malformed escape is kept as written (and then simply not found). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function collapse(text: string): string {
  return text.replace(/\s*(?:\r?\n)\s*(?:\*|\/\/)?\s*/g, ' ').replace(/[ \t]+/g, ' ').trim();
}

/**
 * Where a markdown file named in prose may be, most likely first (the first is the one a report
 * names): a bare name in the docs folder, a path from the repository root, then the same path
 * from the citing file's folder and each folder above it.
 */
function mentionCandidates(citingFile: string, named: string): string[] {
  const candidates: string[] = [];
  if (!named.includes('/')) candidates.push(posix.join(DOCS_DIR, named));
  candidates.push(posix.normalize(named));
  for (let dir = posix.dirname(citingFile); dir !== '.' && dir !== ''; dir = posix.dirname(dir)) {
    candidates.push(posix.normalize(posix.join(dir, named)));
  }
  return [...new Set(candidates)];
}

/** Every citation of the design record in one file. */
export function findCitations(file: TextFile): Citation[] {
  const citations: Citation[] = [];
  const starts = lineStarts(file.text);
  let text = file.text;
  const add = (index: number, written: string, target: Target) =>
    citations.push({ file: file.path, line: lineOf(starts, index), text: collapse(written), target });

  if (file.path.endsWith('.md')) {
    // Links resolve against the linking file's folder, as a markdown viewer resolves them.
    for (const match of text.matchAll(MARKDOWN_LINK)) {
      const href = match[1] ?? '';
      if (URL_SCHEME.test(href)) continue;
      const hash = href.indexOf('#');
      const pathPart = hash === -1 ? href : href.slice(0, hash);
      const anchor = hash === -1 ? null : decoded(href.slice(hash + 1));
      const resolved = pathPart === '' ? file.path : posix.normalize(posix.join(posix.dirname(file.path), decoded(pathPart)));
      add(match.index, match[0], { kind: 'file', candidates: [resolved], anchor: anchor || null });
    }
    for (const match of [...text.matchAll(MARKDOWN_LINK)]) text = mask(text, match.index, match.index + match[0].length);
  }

  for (const match of [...text.matchAll(DECISION_CITATION)]) {
    for (const number of match[0].matchAll(/#(\d+)/g)) {
      add(match.index, match[0], { kind: 'decision', record: Number(number[1]) });
    }
    text = mask(text, match.index, match.index + match[0].length);
  }
  for (const match of [...text.matchAll(CONVENTION_CITATION)]) {
    const numbers = [match[1] ?? '', ...[...(match[2] ?? '').matchAll(/\d+/g)].map((m) => m[0])];
    for (const number of numbers) add(match.index, match[0], { kind: 'convention', convention: Number(number) });
    text = mask(text, match.index, match.index + match[0].length);
  }
  for (const match of text.matchAll(SPEC_CITATION)) {
    add(match.index, match[0], { kind: 'spec', section: match[1] ?? '' });
  }
  for (const match of text.matchAll(MARKDOWN_MENTION)) {
    const named = match[1] ?? '';
    add(match.index, match[0], { kind: 'file', candidates: mentionCandidates(file.path, named), anchor: match[2] ?? null });
  }
  return citations.sort((a, b) => a.line - b.line);
}

export interface Heading {
  level: number;
  text: string;
  anchor: string;
}

/** The heading's text as a reader sees it: links reduced to their text, emphasis and code marks dropped. */
function plainHeading(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return plainHeading(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The ATX headings of a markdown text, outside fenced code, with their anchors (repeats numbered as GitHub does). */
export function headingsOf(markdown: string): Heading[] {
  const headings: Heading[] = [];
  const seen = new Map<string, number>();
  // The character of the open code fence (``` or ~~~), whose lines hold no headings.
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceChar = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1]?.charAt(0);
    if (fenceChar) {
      if (fence === null) fence = fenceChar;
      else if (fenceChar === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const match = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!match) continue;
    const text = plainHeading(match[2] ?? '');
    const base = slug(text);
    const repeats = seen.get(base) ?? 0;
    seen.set(base, repeats + 1);
    headings.push({ level: (match[1] ?? '').length, text, anchor: repeats === 0 ? base : `${base}-${repeats}` });
  }
  return headings;
}

/** Anchors a link may point at: every heading's, and any explicit `<a id>` / `<a name>`. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set(headingsOf(markdown).map((heading) => heading.anchor));
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  return anchors;
}

const NUMBERED = /^(\d+(?:\.\d+)*)\.?\s/;

/** Decision records: level-2 headings `## N. Title`. */
export function decisionRecords(markdown: string): Set<number> {
  const records = new Set<number>();
  for (const heading of headingsOf(markdown)) {
    const number = heading.level === 2 ? /^(\d+)\.\s/.exec(heading.text)?.[1] : undefined;
    if (number) records.add(Number(number));
  }
  return records;
}

/** Conventions: level-3 headings `### N. Title` under the level-2 heading `## Conventions`. */
export function conventionNumbers(markdown: string): Set<number> {
  const numbers = new Set<number>();
  let inConventions = false;
  for (const heading of headingsOf(markdown)) {
    if (heading.level <= 2) inConventions = heading.level === 2 && /^conventions\b/i.test(heading.text);
    const number = inConventions && heading.level === 3 ? /^(\d+)\.\s/.exec(heading.text)?.[1] : undefined;
    if (number) numbers.add(Number(number));
  }
  return numbers;
}

/** Spec sections: any heading that starts with its number (`## 4. States…`, `### 2.1 Route table`). */
export function specSections(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const heading of headingsOf(markdown)) {
    const number = NUMBERED.exec(heading.text)?.[1];
    if (number) sections.add(number);
  }
  return sections;
}

/** Checks every citation of the given files; returns the ones that point at nothing. */
export function checkCitations(files: readonly TextFile[], read: ReadFile): { checked: number; problems: Problem[] } {
  const texts = new Map<string, string | null>();
  const readOnce = (path: string) => {
    if (!texts.has(path)) texts.set(path, read(path));
    return texts.get(path) ?? null;
  };
  const memo = <T>(build: (markdown: string) => T) => {
    const built = new Map<string, T>();
    return (path: string): T | null => {
      const markdown = readOnce(path);
      if (markdown === null) return null;
      if (!built.has(path)) built.set(path, build(markdown));
      return built.get(path) ?? null;
    };
  };
  const records = memo(decisionRecords);
  const conventions = memo(conventionNumbers);
  const sections = memo(specSections);
  const anchors = memo(anchorsOf);

  const problems: Problem[] = [];
  let checked = 0;
  for (const file of files) {
    for (const citation of findCitations(file)) {
      checked++;
      const reason = problemOf(citation.target, { records, conventions, sections, anchors, readOnce });
      if (reason) problems.push({ file: citation.file, line: citation.line, citation: citation.text, reason });
    }
  }
  return { checked, problems };
}

interface Lookups {
  records(path: string): Set<number> | null;
  conventions(path: string): Set<number> | null;
  sections(path: string): Set<string> | null;
  anchors(path: string): Set<string> | null;
  readOnce(path: string): string | null;
}

function problemOf(target: Target, lookups: Lookups): string | null {
  switch (target.kind) {
    case 'decision': {
      const records = lookups.records(DECISIONS_DOC);
      if (!records) return `${DECISIONS_DOC} does not exist`;
      return records.has(target.record) ? null : `${DECISIONS_DOC} has no record ${target.record} (a "## ${target.record}. …" heading)`;
    }
    case 'convention': {
      const conventions = lookups.conventions(ARCHITECTURE_DOC);
      if (!conventions) return `${ARCHITECTURE_DOC} does not exist`;
      return conventions.has(target.convention)
        ? null
        : `${ARCHITECTURE_DOC} has no convention ${target.convention} (a "### ${target.convention}. …" heading under "## Conventions")`;
    }
    case 'spec': {
      const sections = lookups.sections(SPEC_DOC);
      if (!sections) return `${SPEC_DOC} does not exist`;
      return sections.has(target.section) ? null : `${SPEC_DOC} has no section ${target.section}`;
    }
    case 'file': {
      const found = target.candidates.find((candidate) => lookups.readOnce(candidate) !== null);
      if (found === undefined) return `no such file: ${target.candidates[0] ?? '?'}`;
      if (target.anchor === null) return null;
      if (!found.endsWith('.md')) return `${found} is not markdown, so it has no #${target.anchor}`;
      return lookups.anchors(found)?.has(target.anchor) ? null : `${found} has no heading #${target.anchor}`;
    }
  }
}

/** The report: one line per broken citation, `file:line  citation → what is missing`. */
export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((problem) => `  ${problem.file}:${problem.line}  ${problem.citation} → ${problem.reason}`).join('\n');
}
