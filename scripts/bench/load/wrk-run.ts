// Runs wrk (the C load generator, `apt install wrk`) with a script from wrk-lua.ts and reads the
// MIXED_RESULT line the script prints when done. wrk stops by itself after the duration; a
// watchdog kills it if it has not 30 s later, and it is killed when the bench exits.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

export interface WrkResult {
  requests: number;
  reqPerS: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers per HTTP status. */
  statuses: Record<number, number>;
  /** Answers per wrk thread: per server process when each thread has its own. */
  perThread: number[];
  /** Socket errors as wrk counts them: failed connects, reads, writes, and requests past --timeout. */
  socket: { connect: number; read: number; write: number; timeout: number };
}

export interface WrkOptions {
  script: string;
  /** Any of the servers; the script's setup() sends each thread to its own port. */
  url: string;
  threads: number;
  connections: number;
  durationS: number;
  /** Slow answers are measured up to this, not cut off at wrk's default 2 s and counted as errors. */
  timeoutS: number;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Null when wrk can be run, else why not. */
export function wrkProblem(): string | null {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error) return `wrk not found (${probe.error.message}); install it with \`apt-get install wrk\``;
  // wrk --version prints its banner and exits 1: the banner is the answer.
  return /wrk \S+/.test(`${probe.stdout}${probe.stderr}`)
    ? null
    : `wrk --version printed nothing recognizable: ${probe.stdout}${probe.stderr}`;
}

interface RawResult {
  requests: number;
  durationUs: number;
  p50Us: number;
  p90Us: number;
  p99Us: number;
  maxUs: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  statuses: Record<string, number>;
  perThread: number[];
}

export function runWrk(options: WrkOptions): Promise<WrkResult> {
  const args = [
    `-t${options.threads}`,
    `-c${options.connections}`,
    `-d${options.durationS}s`,
    `--timeout`,
    `${options.timeoutS}s`,
    '-s',
    options.script,
    options.url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const watchdog = setTimeout(() => child.kill('SIGKILL'), (options.durationS + 30) * 1000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(watchdog);
      running.delete(child);
      const line = /^MIXED_RESULT (.*)$/m.exec(stdout);
      if (code !== 0 || !line) {
        reject(
          new Error(`wrk ${args.join(' ')} ended with ${signal ?? code} and no result:\n${stdout}${stderr}`),
        );
        return;
      }
      const raw = JSON.parse(line[1]!) as RawResult;
      const statuses: Record<number, number> = {};
      for (const [code, count] of Object.entries(raw.statuses)) statuses[Number(code)] = count;
      resolve({
        requests: raw.requests,
        reqPerS: raw.requests / (raw.durationUs / 1e6),
        p50Ms: raw.p50Us / 1000,
        p90Ms: raw.p90Us / 1000,
        p99Ms: raw.p99Us / 1000,
        maxMs: raw.maxUs / 1000,
        statuses,
        perThread: raw.perThread,
        socket: { connect: raw.connect, read: raw.read, write: raw.write, timeout: raw.timeout },
      });
    });
  });
}
