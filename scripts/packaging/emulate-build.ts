/**
 * Builds the Dockerfile's image without a container daemon, for image.build.test.ts: the context
 * is the repository's files less .dockerignore's, each stage's file system is a scratch folder
 * (the image's `/app` is `<stage folder>/app`), COPY copies as Docker does, and RUN lines run on
 * this machine in the stage's WORKDIR with its ARG and ENV values. What that cannot do the same
 * way (install OS packages, change a file's owner) is listed in `runPolicy`, and any other line
 * that it cannot run is an error, not a silent skip.
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Dockerfile, type Stage, resolveWorkdir, stageNamed, substitute } from './dockerfile';
import { isIgnored, parseDockerignore } from './dockerignore';

/** The repository's files a `docker build .` would send: tracked or new (not git-ignored), less .dockerignore's. */
export function contextFiles(repoRoot: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ignorePath = path.join(repoRoot, '.dockerignore');
  const rules = existsSync(ignorePath) ? parseDockerignore(readFileSync(ignorePath, 'utf8')) : [];
  return (
    [...new Set(listed.split('\0').filter(Boolean))]
      // A tracked file deleted in the working tree is not in the context either.
      .filter((file) => existsSync(path.join(repoRoot, file)) && !isIgnored(rules, file))
      .sort()
  );
}

/** Copies the context's files into `target`, keeping their paths. */
export function materializeContext(repoRoot: string, files: readonly string[], target: string): void {
  for (const file of files) {
    const destination = path.join(target, file);
    mkdirSync(path.dirname(destination), { recursive: true });
    cpSync(path.join(repoRoot, file), destination, { verbatimSymlinks: true });
  }
}

/** What the emulation does with one RUN line, and why. */
export type RunAction =
  { action: 'run' } | { action: 'skip'; reason: string } | { action: 'mkdir'; path: string; reason: string };

/**
 * RUN lines that cannot run here as written. Installing OS packages needs the image's package
 * manager and root: this machine already has the toolchain (python3, make, g++) the line installs.
 * Creating a folder and giving it to the image's user would touch this machine's own root: the
 * folder is made inside the stage's scratch folder, owned by whoever runs the test.
 */
export function runPolicy(command: string): RunAction {
  if (
    /^apt-get update && apt-get install -y --no-install-recommends [a-z0-9+.\- ]+ && rm -rf \/var\/lib\/apt\/lists\/\*$/.test(
      command,
    )
  ) {
    return { action: 'skip', reason: 'installs OS packages, which this machine already has' };
  }
  const mkdir = /^mkdir -p (\/[\w./-]+) && chown [\w-]+:[\w-]+ \1$/.exec(command);
  if (mkdir)
    return {
      action: 'mkdir',
      path: mkdir[1] ?? '',
      reason: 'makes a folder for the image user; ownership is not emulated',
    };
  if (/(^|[\s;&|])(sudo|apt-get|apt|dpkg|chown|useradd|adduser)\s/.test(command)) {
    throw new Error(
      `RUN ${command}: needs root or the image's OS; teach runPolicy in scripts/packaging/emulate-build.ts what to do with it`,
    );
  }
  return { action: 'run' };
}

/** A stage's scratch file system: `/abs/path` of the image is `root + /abs/path`. */
export interface StageRoot {
  stage: Stage;
  root: string;
}

/** Where the image's `imagePath` is in the stage's folder `root`; a path that would leave it is an error. */
export function insideRoot(root: string, imagePath: string): string {
  const resolved = path.join(root, resolveWorkdir('/', imagePath));
  if (resolved !== root && !resolved.startsWith(`${root}${path.sep}`))
    throw new Error(`${imagePath} leaves the stage's folder`);
  return resolved;
}

/**
 * Docker's COPY: a folder source copies what is in it, a file source goes into a destination that
 * ends with `/`, is `.` or is already a folder (as does every source when there are several), and
 * is otherwise the destination file itself.
 */
export function copyStep(
  sourceRoot: string,
  sources: readonly string[],
  destination: string,
  workdir: string,
  targetRoot: string,
): void {
  const destinationPath = resolveWorkdir(workdir, destination);
  const target = insideRoot(targetRoot, destinationPath);
  const intoFolder =
    destination.endsWith('/') ||
    destination === '.' ||
    sources.length > 1 ||
    (existsSync(target) && statSync(target).isDirectory());
  for (const source of sources) {
    if (/[*?[]/.test(source)) throw new Error(`COPY ${source}: wildcards are not emulated`);
    const from = insideRoot(sourceRoot, source);
    if (!existsSync(from)) throw new Error(`COPY ${source}: not in ${sourceRoot}`);
    if (statSync(from).isDirectory()) {
      mkdirSync(target, { recursive: true });
      cpSync(from, target, { recursive: true, verbatimSymlinks: true });
    } else {
      const file = intoFolder ? path.join(target, path.basename(from)) : target;
      mkdirSync(path.dirname(file), { recursive: true });
      cpSync(from, file, { verbatimSymlinks: true });
    }
  }
}

/** Runs `command` with /bin/sh in `cwd`, its output appended to `log`; rejects with the log's end on failure. */
function runShell(command: string, cwd: string, env: NodeJS.ProcessEnv, log: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fd = openSync(log, 'a');
    const child = spawn('/bin/sh', ['-c', command], { cwd, env, stdio: ['ignore', fd, fd] });
    child.once('error', (error) => {
      closeSync(fd);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      closeSync(fd);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `RUN ${command} failed (${signal ?? code}); the end of ${log}:\n${readFileSync(log, 'utf8').slice(-4000)}`,
          ),
        );
    });
  });
}

export interface BuildOptions {
  dockerfile: Dockerfile;
  /** The materialized build context. */
  context: string;
  /** Where each stage's file system is made, one folder per stage. */
  scratch: string;
  buildArgs: Readonly<Record<string, string>>;
  /** The machine's environment for RUN lines (PATH, HOME, npm's settings); the stage's ARG and ENV go on top. */
  runEnv: NodeJS.ProcessEnv;
  log: string;
  /** Called for each step, to say what was done. */
  report: (line: string) => void;
}

/** Builds every stage in order and returns their folders; the last one is the image. */
export async function buildStages(options: BuildOptions): Promise<StageRoot[]> {
  const built: StageRoot[] = [];
  for (const [index, stage] of options.dockerfile.stages.entries()) {
    const root = path.join(options.scratch, `stage-${index}-${stage.name ?? 'unnamed'}`);
    mkdirSync(root, { recursive: true });
    const args: Record<string, string> = {};
    const env: Record<string, string> = {};
    let workdir = '/';
    for (const instruction of stage.instructions) {
      const scope = { ...args, ...env };
      if (instruction.kind === 'ARG')
        args[instruction.name] = options.buildArgs[instruction.name] ?? instruction.defaultValue ?? '';
      else if (instruction.kind === 'ENV')
        for (const [name, value] of instruction.values) env[name] = substitute(value, scope);
      else if (instruction.kind === 'WORKDIR') {
        workdir = resolveWorkdir(workdir, substitute(instruction.path, scope));
        mkdirSync(insideRoot(root, workdir), { recursive: true });
      } else if (instruction.kind === 'COPY') {
        const from =
          instruction.from === null
            ? options.context
            : builtRoot(built, options.dockerfile, instruction.from);
        const sources = instruction.sources.map((source) => substitute(source, scope));
        copyStep(from, sources, substitute(instruction.destination, scope), workdir, root);
        options.report(
          `${stage.name ?? index}: COPY ${instruction.from ? `--from=${instruction.from} ` : ''}${sources.join(' ')} ${instruction.destination}`,
        );
      } else if (instruction.kind === 'RUN') {
        const policy = runPolicy(instruction.command);
        if (policy.action === 'skip')
          options.report(`${stage.name ?? index}: skipped RUN ${instruction.command} (${policy.reason})`);
        else if (policy.action === 'mkdir') {
          mkdirSync(insideRoot(root, policy.path), { recursive: true });
          options.report(
            `${stage.name ?? index}: RUN ${instruction.command} as mkdir in the stage's folder (${policy.reason})`,
          );
        } else {
          const started = Date.now();
          await runShell(
            instruction.command,
            insideRoot(root, workdir),
            { ...options.runEnv, ...args, ...env },
            options.log,
          );
          options.report(
            `${stage.name ?? index}: RUN ${instruction.command} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
          );
        }
      }
    }
    built.push({ stage, root });
  }
  return built;
}

function builtRoot(built: readonly StageRoot[], dockerfile: Dockerfile, name: string): string {
  const stage = stageNamed(dockerfile, name);
  const found = built.find((candidate) => candidate.stage === stage);
  if (!found) throw new Error(`COPY --from=${name}: that stage comes later in the Dockerfile`);
  return found.root;
}
