/**
 * `.dockerignore` as Docker reads it, for the image build test: which files of the repository a
 * `docker build .` sends as its context. Docker's rules differ from .gitignore's: a pattern is
 * matched from the context's root (`node_modules` is only the top one, `**` spans folders), a
 * pattern that matches a folder leaves out everything in it, and the last matching line wins, so
 * `!pattern` brings back what an earlier line left out.
 */

interface Rule {
  exclude: boolean;
  pattern: RegExp;
}

/** A glob of Docker's (Go's filepath.Match with `**`) as a regular expression over a whole path. */
function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index] ?? '';
    if (char === '*' && glob[index + 1] === '*') {
      // `**/` matches no folder too, so `**/dist` is also the top-level dist.
      if (glob[index + 2] === '/') {
        source += '(?:.*/)?';
        index += 2;
      } else {
        source += '.*';
        index += 1;
      }
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '[') {
      const end = glob.indexOf(']', index);
      if (end < 0) throw new Error(`unclosed [ in .dockerignore pattern ${glob}`);
      source += `[${glob
        .slice(index + 1, end)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\')}]`;
      index = end;
    } else source += char.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The rules of a .dockerignore file's text, in order. */
export function parseDockerignore(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const exclude = !line.startsWith('!');
    // Docker cleans each pattern as a path: a leading or trailing slash and `./` change nothing.
    const cleaned = (exclude ? line : line.slice(1).trim()).replace(/^(\.\/|\/)+/, '').replace(/\/+$/, '');
    rules.push({ exclude, pattern: globToRegExp(cleaned) });
  }
  return rules;
}

/**
 * Whether `path` (relative to the context, with `/`) stays out of the build context: the last
 * rule matching the path, or one of the folders it is in, decides.
 */
export function isIgnored(rules: readonly Rule[], path: string): boolean {
  const parts = path.split('/');
  const candidates = parts.map((_part, index) => parts.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.pattern.test(candidate))) ignored = rule.exclude;
  }
  return ignored;
}
