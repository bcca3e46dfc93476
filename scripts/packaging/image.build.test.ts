/**
 * The Dockerfile's image, built and started without a container daemon (issue 35): its build
 * stage's steps run on this machine in a scratch folder (emulate-build.ts says how, and which
 * lines it cannot run as written), the runtime stage gets only what its COPY --from lines copy,
 * and the result is started with the image's CMD and ENV. So a file the server needs at run time
 * that the runtime stage forgets, a `.dockerignore` line that drops a source the build needs, or a
 * HEALTHCHECK that cannot pass fails here. It takes minutes (`npm ci` and the build), so it is its
 * own Vitest project, `packaging`, run beside the PostgreSQL API tests by scripts/test.sh.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, sleep } from '../support/server-process';
import { type ImageConfig, parseDockerfile, imageConfig } from './dockerfile';
import { type PrebuildMirror, startPrebuildMirror } from './prebuild-mirror';
import { type StageRoot, buildStages, contextFiles, insideRoot, materializeContext } from './emulate-build';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildArgs = { GIT_COMMIT: 'packagingtest' };
const metricsToken = 'packaging-test-metrics-token';
/**
 * Generous: scripts/test.sh runs this test at the lowest CPU priority beside busy stages, where
 * the server's start (half a second alone) waits for whatever CPU they leave.
 */
const startWithinMs = 120_000;

/**
 * This machine's environment for the build's RUN lines, less what the test runner adds (npm's
 * own variables and node_modules/.bin of this checkout, NODE_ENV=test, the API tests' database)
 * that a `docker build` would not have. `npm ci` takes packages from npm's cache (the registry only
 * for one the cache lacks, after a lockfile change) and better-sqlite3 prebuilt from the stand-in
 * of its releases (prebuild-mirror.ts), as a docker build takes it from the releases themselves;
 * without the stand-in it compiles it.
 */
function buildEnv(mirror: PrebuildMirror | null = null): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|INIT_CWD$|NODE_ENV$|NODE_OPTIONS$|VITEST|TEST|DATABASE_URL|MINDSPEND_)/i.test(name)) continue;
    env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => !entry.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  return {
    ...env,
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...(mirror
      ? { npm_config_better_sqlite3_binary_host: mirror.host }
      : { npm_config_build_from_source: 'better-sqlite3' }),
  };
}

/** Runs the HEALTHCHECK's command as Docker would inside the container: same folder, same environment. */
function runHealthcheck(config: ImageConfig, cwd: string, env: NodeJS.ProcessEnv): number | null {
  const [command = '', ...args] = config.healthcheck?.command ?? [];
  return spawnSync(command, args, { cwd, env, stdio: 'ignore', timeout: 30_000 }).status;
}

describe('the Dockerfile, built and run without Docker', () => {
  let scratch = '';
  let image: StageRoot;
  let config: ImageConfig;
  let mirror: PrebuildMirror | null = null;
  const steps: string[] = [];

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'mindspend-image-'));
    mirror = await startPrebuildMirror(repoRoot);
    const dockerfile = parseDockerfile(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
    const context = path.join(scratch, 'context');
    materializeContext(repoRoot, contextFiles(repoRoot), context);
    const stages = await buildStages({
      dockerfile,
      context,
      scratch,
      buildArgs,
      runEnv: buildEnv(mirror),
      log: path.join(scratch, 'build.log'),
      // What was run, skipped and copied, with each RUN line's time, in the test's output as it
      // happens: a build stopped by the hook's time limit still shows the step it was on.
      report: (line) => {
        steps.push(line);
        console.log(line);
      },
    });
    const last = stages[stages.length - 1];
    if (!last) throw new Error('no stage built');
    image = last;
    config = imageConfig(image.stage, buildArgs);
  });

  afterAll(async () => {
    await mirror?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('skips only the OS packages line of the build, and runs npm ci, the build and the prune', () => {
    expect(steps.filter((step) => step.includes('skipped RUN'))).toEqual([
      expect.stringMatching(/^build: skipped RUN apt-get update && apt-get install .*python3 make g\+\+/),
    ]);
    for (const command of ['npm ci', 'npm run build', 'npm prune --omit=dev']) {
      expect(steps.some((step) => step.startsWith(`build: RUN ${command}`))).toBe(true);
    }
  });

  it('states how the image runs: the non-root user, the data volume, the port and the command', () => {
    expect(config.user).toBe('node');
    expect(config.env).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '3000',
      DATA_DIR: '/data',
      GIT_COMMIT: 'packagingtest',
    });
    expect(config.volumes).toEqual(['/data']);
    expect(config.exposed).toEqual(['3000']);
    expect(config.cmd).toEqual(['node', 'apps/server/dist/main.js']);
    expect(config.healthcheck?.command[0]).toBe('node');
  });

  it('leaves the sources and the development dependencies out of the runtime stage', () => {
    const app = insideRoot(image.root, config.workdir);
    for (const absent of [
      'packages',
      'apps/server/src',
      'apps/web/src',
      'node_modules/typescript',
      'node_modules/vitest',
      'node_modules/vite',
    ]) {
      expect(existsSync(path.join(app, absent)), absent).toBe(false);
    }
    expect(existsSync(path.join(app, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))).toBe(
      true,
    );
    // Prebuilt, as a docker build on linux-x64 gets it, not compiled: the stand-in was asked once.
    if (mirror) expect(mirror.served()).toBe(1);
  });

  it('starts with its CMD and ENV, answers ready and healthy with the version, and its HEALTHCHECK passes', async () => {
    const dataDir = path.join(scratch, 'data');
    const port = await freePort();
    const cwd = insideRoot(image.root, config.workdir);
    // The image's environment with what a test must change: a data folder of its own, a free
    // port on 127.0.0.1 only, and a metrics token to read the commit the build was stamped with.
    const env: NodeJS.ProcessEnv = {
      PATH: buildEnv().PATH,
      ...config.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: 'warn',
    };
    const [command = '', ...args] = config.cmd ?? [];
    const output: string[] = [];
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      let ready = 0;
      for (
        const deadline = Date.now() + startWithinMs;
        Date.now() < deadline && ready !== 200;
        await sleep(100)
      ) {
        if (child.exitCode !== null)
          throw new Error(`the server exited (${child.exitCode}):\n${output.join('')}`);
        ready = await fetch(`${baseUrl}/api/ready`).then(
          (response) => response.status,
          () => 0,
        );
      }
      expect(ready, output.join('')).toBe(200);

      const version: unknown = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version;
      const health = await fetch(`${baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite', version });

      const metrics = await fetch(`${baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(await metrics.text()).toMatch(/mindspend_build_info\{[^}]*commit="packagingtest"[^}]*\} 1/);

      // The web app is in the image too: the SPA's page, not a 404, with the landing page the
      // build drew into it (DECISIONS.md #121).
      const page = await fetch(`${baseUrl}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<div id="root" data-prerendered>');
      expect(html).toContain('Create budgets.');

      expect(runHealthcheck(config, cwd, env)).toBe(0);
    } finally {
      child.kill('SIGTERM');
    }
    // SIGTERM, as `docker stop` sends, closes the server cleanly.
    expect(await exited).toBe(0);
    // And the HEALTHCHECK does fail once nothing answers.
    expect(runHealthcheck(config, cwd, env)).not.toBe(0);
  });
});
