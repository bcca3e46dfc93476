// The readers the image build test depends on (dockerfile.ts, dockerignore.ts, emulate-build.ts's
// RUN policy), on small made-up inputs, and the repository's own Dockerfile and .dockerignore read
// by them: fast, so a mistake shows before the minutes-long image.build.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  imageConfig,
  logicalLines,
  parseDockerfile,
  resolveWorkdir,
  stageNamed,
  substitute,
} from './dockerfile';
import { isIgnored, parseDockerignore } from './dockerignore';
import { runPolicy } from './emulate-build';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const sample = `# syntax=docker/dockerfile:1
ARG BASE=node:20-slim
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci \\
  # a comment inside a continued line
  --no-audit
FROM node:20-slim
WORKDIR /app
COPY --from=build --chown=node:node /app/dist ./dist
ARG GIT_COMMIT=unknown
ENV GIT_COMMIT=$GIT_COMMIT
ENV NODE_ENV=production HOST="0.0.0.0"
ENV LEGACY some words
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s \\
  CMD ["node", "-e", "process.exit(0)"]
CMD node dist/main.js
`;

describe('parseDockerfile', () => {
  it('joins continued lines and drops comments, even inside a continued line', () => {
    expect(logicalLines('RUN a \\\n  # note\n  b\nUSER x\n')).toEqual(['RUN a b', 'USER x']);
  });

  it('reads stages, their instructions and the ARG lines before the first FROM', () => {
    const dockerfile = parseDockerfile(sample);
    expect(dockerfile.globalArgs).toEqual([{ name: 'BASE', defaultValue: 'node:20-slim' }]);
    expect(dockerfile.stages.map((stage) => [stage.image, stage.name])).toEqual([
      ['node:20-slim', 'build'],
      ['node:20-slim', null],
    ]);
    const build = stageNamed(dockerfile, 'build');
    expect(build.instructions).toEqual([
      { kind: 'WORKDIR', path: '/app' },
      {
        kind: 'COPY',
        from: null,
        chown: null,
        sources: ['package.json', 'package-lock.json'],
        destination: './',
      },
      { kind: 'RUN', command: 'npm ci --no-audit' },
    ]);
    const runtime = stageNamed(dockerfile, '1');
    expect(runtime.instructions).toContainEqual({
      kind: 'COPY',
      from: 'build',
      chown: 'node:node',
      sources: ['/app/dist'],
      destination: './dist',
    });
    expect(runtime.instructions).toContainEqual({
      kind: 'ENV',
      values: [
        ['NODE_ENV', 'production'],
        ['HOST', '0.0.0.0'],
      ],
    });
    expect(runtime.instructions).toContainEqual({ kind: 'ENV', values: [['LEGACY', 'some words']] });
    expect(runtime.instructions).toContainEqual({
      kind: 'HEALTHCHECK',
      options: { interval: '30s', timeout: '5s' },
      command: ['node', '-e', 'process.exit(0)'],
    });
  });

  it('fails on an instruction it does not know rather than skipping it', () => {
    expect(() => parseDockerfile('FROM x\nONBUILD RUN true\n')).toThrow(/ONBUILD is not understood/);
    expect(() => parseDockerfile('FROM x\nCOPY --link a b\n')).toThrow(/--link is not understood/);
    expect(() => parseDockerfile('RUN true\n')).toThrow(/only ARG may come before the first FROM/);
  });
});

describe('imageConfig', () => {
  it('gives the environment with ARG values substituted, the build argument over the default', () => {
    const runtime = stageNamed(parseDockerfile(sample), '1');
    expect(imageConfig(runtime).env).toEqual({
      GIT_COMMIT: 'unknown',
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      LEGACY: 'some words',
    });
    const config = imageConfig(runtime, { GIT_COMMIT: 'abc123' });
    expect(config).toMatchObject({ workdir: '/app', user: 'node', volumes: ['/data'], exposed: ['3000'] });
    expect(config.env.GIT_COMMIT).toBe('abc123');
    // The shell form of CMD runs through /bin/sh -c, as Docker runs it.
    expect(config.cmd).toEqual(['/bin/sh', '-c', 'node dist/main.js']);
  });

  it('substitutes $NAME and ${NAME}, and resolves a WORKDIR against the one before', () => {
    expect(substitute('$A-${B}-$C', { A: '1', B: '2' })).toBe('1-2-');
    expect(resolveWorkdir('/app', 'sub/../x')).toBe('/app/x');
    expect(resolveWorkdir('/app', '/data')).toBe('/data');
  });
});

describe('dockerignore', () => {
  const rules = parseDockerignore('# comment\nnode_modules\n**/dist\n/data/\n.env.*\n!.env.example\n');

  it('matches from the root of the context, with ** for any depth', () => {
    expect(isIgnored(rules, 'node_modules/x/index.js')).toBe(true);
    // Unlike .gitignore, a plain name is only the top-level one.
    expect(isIgnored(rules, 'apps/web/node_modules/x.js')).toBe(false);
    expect(isIgnored(rules, 'dist/main.js')).toBe(true);
    expect(isIgnored(rules, 'apps/server/dist/main.js')).toBe(true);
    expect(isIgnored(rules, 'data/mindspend.db')).toBe(true);
    expect(isIgnored(rules, 'apps/server/src/data/seed.ts')).toBe(false);
  });

  it('lets a later ! line bring back what an earlier line left out', () => {
    expect(isIgnored(rules, '.env.local')).toBe(true);
    expect(isIgnored(rules, '.env.example')).toBe(false);
  });

  it("leaves the repository's installed, built and local files out, and keeps what the build needs", () => {
    const repoRules = parseDockerignore(readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8'));
    for (const out of [
      'node_modules/a.js',
      'apps/web/node_modules/a.js',
      'apps/server/dist/main.js',
      'apps/web/dist/index.html',
      'data/mindspend.db',
      '.git/HEAD',
      '.env',
      'secrets/unsubscribe_secret',
      'docs/DEPLOY.md',
      'README.md',
    ]) {
      expect(isIgnored(repoRules, out), out).toBe(true);
    }
    for (const kept of [
      'package.json',
      'package-lock.json',
      'apps/server/build.mjs',
      'apps/server/src/main.ts',
      'apps/web/index.html',
      'packages/domain/src/index.ts',
      'tsconfig.base.json',
    ]) {
      expect(isIgnored(repoRules, kept), kept).toBe(false);
    }
  });
});

describe('runPolicy', () => {
  it('skips installing OS packages, makes a folder instead of chown, runs the rest, and refuses other root work', () => {
    expect(
      runPolicy(
        'apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*',
      ).action,
    ).toBe('skip');
    expect(runPolicy('mkdir -p /data && chown node:node /data')).toMatchObject({
      action: 'mkdir',
      path: '/data',
    });
    expect(runPolicy('npm ci --no-audit --no-fund')).toEqual({ action: 'run' });
    expect(() => runPolicy('apt-get install -y curl')).toThrow(/teach runPolicy/);
    expect(() => runPolicy('chown -R node /app')).toThrow(/teach runPolicy/);
  });
});

describe("the repository's Dockerfile", () => {
  it('builds in one stage and runs from another, as a non-root user, with a health check', () => {
    const dockerfile = parseDockerfile(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    const runtime = dockerfile.stages[dockerfile.stages.length - 1];
    if (!runtime) throw new Error('no stage');
    expect(runtime.image).toMatch(/^node:20(\.\d+)*-(bookworm-)?slim$/);
    // The runtime stage takes files only from the build stage, never from the context.
    expect(
      runtime.instructions.filter((instruction) => instruction.kind === 'COPY' && instruction.from === null),
    ).toEqual([]);
    const config = imageConfig(runtime);
    expect(config.user).not.toBe(null);
    expect(config.user).not.toMatch(/^(root|0)(:|$)/);
    expect(config.healthcheck?.command.join(' ')).toContain('/api/ready');
  });
});
