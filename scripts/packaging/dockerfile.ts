/**
 * Reads the repository's Dockerfile into stages of instructions, for the tests that check the
 * image without a container daemon (image.build.test.ts runs its steps; dockerfile.test.ts checks
 * the reading). Only the instructions and forms the Dockerfile uses are understood: anything else
 * is a parse error, so a new instruction is taught to the tests before it can be skipped by them.
 */

export type Instruction =
  | { kind: 'WORKDIR'; path: string }
  | { kind: 'COPY'; from: string | null; chown: string | null; sources: string[]; destination: string }
  | { kind: 'ENV'; values: Array<[string, string]> }
  | { kind: 'ARG'; name: string; defaultValue: string | null }
  | { kind: 'RUN'; command: string }
  | { kind: 'USER'; user: string }
  | { kind: 'CMD'; command: string[] }
  | { kind: 'HEALTHCHECK'; options: Record<string, string>; command: string[] }
  | { kind: 'VOLUME'; paths: string[] }
  | { kind: 'EXPOSE'; ports: string[] };

export interface Stage {
  image: string;
  name: string | null;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARG lines before the first FROM: usable in FROM lines only. */
  globalArgs: Array<{ name: string; defaultValue: string | null }>;
  stages: Stage[];
}

/** Joins `\`-continued lines and drops comments and blank lines: one entry per instruction. */
export function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split(/\r?\n/)) {
    const trimmed = raw.trim();
    // A comment or blank line inside a continued instruction is dropped without ending it, as Docker does.
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (trimmed.endsWith('\\')) {
      pending += `${trimmed.slice(0, -1).trim()} `;
      continue;
    }
    lines.push(`${pending}${trimmed}`);
    pending = '';
  }
  if (pending !== '') throw new Error(`the Dockerfile ends inside a continued line: ${pending}`);
  return lines;
}

/** Splits on whitespace, keeping "double" and 'single' quoted parts together (quotes removed). */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | null = null;
  let started = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (quote) {
      if (char === quote) quote = null;
      else if (char === '\\' && quote === '"' && index + 1 < text.length) word += text[++index] ?? '';
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += char;
      started = true;
    }
  }
  if (quote) throw new Error(`unclosed quote in: ${text}`);
  if (started) words.push(word);
  return words;
}

/** The exec form `["a", "b"]` as its array, or null for the shell form. */
function execForm(text: string): string[] | null {
  if (!text.startsWith('[')) return null;
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((part): part is string => typeof part === 'string')) {
    throw new Error(`not an array of strings: ${text}`);
  }
  return parsed;
}

/** A CMD's or HEALTHCHECK's command: the exec form as is, the shell form through /bin/sh -c. */
function command(text: string): string[] {
  return execForm(text) ?? ['/bin/sh', '-c', text];
}

/** Leading `--name=value` (or bare `--name`) flags, and what follows them. */
function flags(words: string[]): { flags: Record<string, string>; rest: string[] } {
  const found: Record<string, string> = {};
  let index = 0;
  for (; index < words.length; index += 1) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(words[index] ?? '');
    if (!match) break;
    found[match[1] ?? ''] = match[2] ?? '';
  }
  return { flags: found, rest: words.slice(index) };
}

function parseCopy(args: string): Instruction {
  const exec = execForm(args.replace(/^(--\S+\s+)*/, ''));
  const { flags: given, rest } = flags(splitWords(args));
  const unknown = Object.keys(given).filter((flag) => flag !== 'from' && flag !== 'chown');
  if (unknown.length > 0)
    throw new Error(`COPY --${unknown.join(', --')} is not understood by scripts/packaging/dockerfile.ts`);
  const paths = exec ?? rest;
  if (paths.length < 2) throw new Error(`COPY needs a source and a destination: ${args}`);
  return {
    kind: 'COPY',
    from: given.from ?? null,
    chown: given.chown ?? null,
    sources: paths.slice(0, -1),
    destination: paths[paths.length - 1] ?? '',
  };
}

function parseEnv(args: string): Instruction {
  const words = splitWords(args);
  // The old form `ENV NAME value with spaces` sets one variable.
  if (words.length > 0 && !(words[0] ?? '').includes('=')) {
    const [name = '', ...value] = words;
    return { kind: 'ENV', values: [[name, value.join(' ')]] };
  }
  return {
    kind: 'ENV',
    values: words.map((word) => {
      const at = word.indexOf('=');
      if (at <= 0) throw new Error(`ENV expects NAME=value pairs: ${args}`);
      return [word.slice(0, at), word.slice(at + 1)];
    }),
  };
}

function parseHealthcheck(args: string): Instruction {
  const at = args.search(/(^|\s)CMD\s/);
  if (at < 0) throw new Error(`HEALTHCHECK without CMD (HEALTHCHECK NONE is not understood): ${args}`);
  const { flags: options, rest } = flags(splitWords(args.slice(0, at)));
  if (rest.length > 0) throw new Error(`HEALTHCHECK expects --options, then CMD: ${args}`);
  return { kind: 'HEALTHCHECK', options, command: command(args.slice(at).replace(/^\s*CMD\s+/, '')) };
}

function parseInstruction(keyword: string, args: string): Instruction {
  switch (keyword) {
    case 'WORKDIR':
      return { kind: 'WORKDIR', path: args };
    case 'COPY':
      return parseCopy(args);
    case 'ENV':
      return parseEnv(args);
    case 'ARG': {
      const at = args.indexOf('=');
      return at < 0
        ? { kind: 'ARG', name: args, defaultValue: null }
        : { kind: 'ARG', name: args.slice(0, at), defaultValue: splitWords(args.slice(at + 1)).join(' ') };
    }
    case 'RUN':
      if (execForm(args)) throw new Error(`RUN's exec form is not understood: ${args}`);
      return { kind: 'RUN', command: args };
    case 'USER':
      return { kind: 'USER', user: args };
    case 'CMD':
      return { kind: 'CMD', command: command(args) };
    case 'HEALTHCHECK':
      return parseHealthcheck(args);
    case 'VOLUME':
      return { kind: 'VOLUME', paths: execForm(args) ?? splitWords(args) };
    case 'EXPOSE':
      return { kind: 'EXPOSE', ports: splitWords(args) };
    default:
      throw new Error(
        `${keyword} is not understood by scripts/packaging/dockerfile.ts: teach it there first`,
      );
  }
}

export function parseDockerfile(text: string): Dockerfile {
  const dockerfile: Dockerfile = { globalArgs: [], stages: [] };
  for (const line of logicalLines(text)) {
    const match = /^([A-Za-z]+)\s+([\s\S]*)$/.exec(line);
    if (!match) throw new Error(`not an instruction: ${line}`);
    const keyword = (match[1] ?? '').toUpperCase();
    const args = (match[2] ?? '').trim();
    const stage = dockerfile.stages[dockerfile.stages.length - 1];
    if (keyword === 'FROM') {
      const words = splitWords(args).filter((word) => !word.startsWith('--'));
      const [image = '', as, name] = words;
      if (as !== undefined && (as.toUpperCase() !== 'AS' || !name))
        throw new Error(`FROM image [AS name] expected: ${line}`);
      dockerfile.stages.push({ image, name: name ?? null, instructions: [] });
    } else if (!stage) {
      const arg = parseInstruction(keyword, args);
      if (arg.kind !== 'ARG') throw new Error(`only ARG may come before the first FROM: ${line}`);
      dockerfile.globalArgs.push({ name: arg.name, defaultValue: arg.defaultValue });
    } else {
      stage.instructions.push(parseInstruction(keyword, args));
    }
  }
  if (dockerfile.stages.length === 0) throw new Error('the Dockerfile has no FROM');
  return dockerfile;
}

/** `$NAME` and `${NAME}` replaced from `vars`, as Docker does in ENV, WORKDIR, COPY and USER (unset: empty). */
export function substitute(text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (_all, braced?: string, bare?: string) => vars[braced ?? bare ?? ''] ?? '',
  );
}

/** What `docker run` starts a stage's image with: its environment, directory, user, commands. */
export interface ImageConfig {
  env: Record<string, string>;
  workdir: string;
  user: string | null;
  cmd: string[] | null;
  healthcheck: { options: Record<string, string>; command: string[] } | null;
  volumes: string[];
  exposed: string[];
}

/**
 * A stage's image configuration, with `buildArgs` as `docker build --build-arg` would give them.
 * ARG values are visible to later instructions of the stage but, unlike ENV, not kept in the image.
 */
export function imageConfig(stage: Stage, buildArgs: Readonly<Record<string, string>> = {}): ImageConfig {
  const config: ImageConfig = {
    env: {},
    workdir: '/',
    user: null,
    cmd: null,
    healthcheck: null,
    volumes: [],
    exposed: [],
  };
  const args: Record<string, string> = {};
  const scope = () => ({ ...args, ...config.env });
  for (const instruction of stage.instructions) {
    if (instruction.kind === 'ARG')
      args[instruction.name] = buildArgs[instruction.name] ?? instruction.defaultValue ?? '';
    else if (instruction.kind === 'ENV') {
      for (const [name, value] of instruction.values) config.env[name] = substitute(value, scope());
    } else if (instruction.kind === 'WORKDIR')
      config.workdir = resolveWorkdir(config.workdir, substitute(instruction.path, scope()));
    else if (instruction.kind === 'USER') config.user = substitute(instruction.user, scope());
    else if (instruction.kind === 'CMD') config.cmd = instruction.command;
    else if (instruction.kind === 'HEALTHCHECK')
      config.healthcheck = { options: instruction.options, command: instruction.command };
    else if (instruction.kind === 'VOLUME') config.volumes.push(...instruction.paths);
    else if (instruction.kind === 'EXPOSE') config.exposed.push(...instruction.ports);
  }
  return config;
}

/** A WORKDIR relative to the one before it, as Docker resolves it. */
export function resolveWorkdir(current: string, next: string): string {
  const joined = next.startsWith('/') ? next : `${current.replace(/\/$/, '')}/${next}`;
  const parts: string[] = [];
  for (const part of joined.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** The stage named `name`, or the one at that index (`--from=0`). */
export function stageNamed(dockerfile: Dockerfile, name: string): Stage {
  const stage = /^\d+$/.test(name)
    ? dockerfile.stages[Number(name)]
    : dockerfile.stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`the Dockerfile has no stage ${name}`);
  return stage;
}
