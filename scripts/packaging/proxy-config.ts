/**
 * Reads deploy/nginx.conf and deploy/Caddyfile into trees of directives, and their sizes and
 * durations into numbers, for proxy-config.test.ts, which holds them to the server's own limits.
 * Both formats are read only as far as those files use them: blocks, directives, comments, quotes.
 */

export interface Directive {
  name: string;
  args: string[];
  /** The block's directives, or null for a directive without a block. */
  children: Directive[] | null;
}

/** Splits on whitespace, keeping quoted parts together (quotes removed). */
function words(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
}

/** nginx: `name args;` and `name args { … }`, `#` comments to the end of a line. */
export function parseNginx(text: string): Directive[] {
  const root: Directive[] = [];
  const stack: Directive[][] = [root];
  let pending = '';
  const uncommented = text.replace(/#[^\n]*/g, '');
  for (const char of uncommented) {
    const current = stack[stack.length - 1] ?? root;
    if (char === ';' || char === '{') {
      const [name = '', ...args] = words(pending);
      if (name === '') throw new Error(`nginx: "${char}" without a directive`);
      const directive: Directive = { name, args, children: char === '{' ? [] : null };
      current.push(directive);
      if (directive.children) stack.push(directive.children);
      pending = '';
    } else if (char === '}') {
      if (pending.trim() !== '') throw new Error(`nginx: "${pending.trim()}" lacks its ";"`);
      if (stack.length === 1) throw new Error('nginx: "}" closes nothing');
      stack.pop();
    } else pending += char;
  }
  if (stack.length !== 1 || pending.trim() !== '')
    throw new Error('nginx: the file ends inside a block or directive');
  return root;
}

/** Caddyfile: one directive a line, a block opened by `{` at the end of a line and closed by a `}` line. */
export function parseCaddyfile(text: string): Directive[] {
  const root: Directive[] = [];
  const stack: Directive[][] = [root];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    const current = stack[stack.length - 1] ?? root;
    if (line === '}') {
      if (stack.length === 1) throw new Error('Caddyfile: "}" closes nothing');
      stack.pop();
      continue;
    }
    const parts = words(line);
    const opens = parts[parts.length - 1] === '{';
    // A block with no name is the global options block.
    const [name = '', ...args] = opens ? parts.slice(0, -1) : parts;
    const directive: Directive = { name, args, children: opens ? [] : null };
    current.push(directive);
    if (directive.children) stack.push(directive.children);
  }
  if (stack.length !== 1) throw new Error('Caddyfile: the file ends inside a block');
  return root;
}

/** Every directive named `name` at any depth under `directives`. */
export function findAll(directives: readonly Directive[], name: string): Directive[] {
  return directives.flatMap((directive) => [
    ...(directive.name === name ? [directive] : []),
    ...findAll(directive.children ?? [], name),
  ]);
}

/** nginx's size: `110m`, `512k`, `1g` (1024-based) or plain bytes. */
export function nginxBytes(size: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  const power = { '': 0, k: 1, m: 2, g: 3 }[(match[2] ?? '').toLowerCase()] ?? 0;
  return Number(match[1]) * 1024 ** power;
}

/** nginx's time: `1h`, `90s`, `10m` (minutes) or plain seconds, as seconds. */
export function nginxSeconds(time: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(time);
  if (!match) throw new Error(`not an nginx time: ${time}`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400 }[match[2] ?? 's'] ?? 1;
  return Number(match[1]) * unit;
}

/** Caddy's size (go-humanize): `MB` is 1000², `MiB` is 1024². */
export function caddyBytes(size: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([kmgt]i?)?b?$/i.exec(size);
  if (!match) throw new Error(`not a Caddy size: ${size}`);
  const unit = (match[2] ?? '').toLowerCase();
  const base = unit.endsWith('i') ? 1024 : 1000;
  const power = { '': 0, k: 1, m: 2, g: 3, t: 4 }[unit.replace(/i$/, '')] ?? 0;
  return Number(match[1]) * base ** power;
}
