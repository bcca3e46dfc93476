/**
 * The rule of `npm run lint`'s architecture check (check-architecture.ts): docs/ARCHITECTURE.md
 * names every server module and every web feature, in its two lists ("Server feature modules:"
 * and "Web features follow the screens:"), and names none that is gone. A folder added without a
 * line in the map is how the map silently went stale before (issue 26).
 */

/** One list of the map: the paragraph that starts with `lead`, up to the next sentence that ends it. */
export interface MapList {
  /** What the list holds, for messages: "server module", "web feature". */
  kind: string;
  /** The words the paragraph starts with in ARCHITECTURE.md. */
  lead: string;
  /** The folders that exist. */
  folders: readonly string[];
}

/** The text of the list that starts with `lead`: from it to the first full stop that ends a line of names. */
export function listText(doc: string, lead: string): string | null {
  const start = doc.indexOf(lead);
  if (start < 0) return null;
  const rest = doc.slice(start + lead.length);
  // The list ends at the first ". " or ".\n" after a name (a record number like "#28" has no dot).
  const end = rest.search(/\.(\s|$)/);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The folder names the list mentions as whole words (hyphens are part of a name). */
function mentioned(text: string, folders: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const folder of folders) {
    const word = new RegExp(`(^|[^\\w-])${folder.replace(/-/g, '\\-')}($|[^\\w-])`);
    if (word.test(text)) found.add(folder);
  }
  return found;
}

/** The map's names of a list, in order: each leading word of an item of the comma-separated list. */
function namesListed(text: string): string[] {
  // Drop the parenthesised notes, which may hold commas of their own.
  let plain = text;
  while (/\([^()]*\)/.test(plain)) plain = plain.replace(/\([^()]*\)/g, '');
  return plain
    .split(',')
    .map((item) => item.trim().split(/\s+/)[0]?.replace(/^and$/, '') ?? '')
    .map((name) => name.trim())
    .filter((name) => /^[a-z][a-z-]*$/.test(name));
}

/** What is wrong with the map, one sentence per problem; empty when it names exactly what exists. */
export function architectureProblems(doc: string, lists: readonly MapList[]): string[] {
  const problems: string[] = [];
  for (const list of lists) {
    const text = listText(doc, list.lead);
    if (text === null) {
      problems.push(`docs/ARCHITECTURE.md has no list starting "${list.lead}".`);
      continue;
    }
    const found = mentioned(text, list.folders);
    for (const folder of list.folders) {
      if (!found.has(folder)) problems.push(`The ${list.kind} "${folder}" is missing from docs/ARCHITECTURE.md ("${list.lead}").`);
    }
    for (const name of namesListed(text)) {
      if (!list.folders.includes(name)) problems.push(`docs/ARCHITECTURE.md lists the ${list.kind} "${name}", which has no folder.`);
    }
  }
  return problems;
}
