/**
 * A stand-in of better-sqlite3's release downloads for the image build test. A real `docker build`
 * of the Dockerfile on linux-x64 gets the native module prebuilt (prebuild-install fetches it from
 * the project's releases) and compiles it only when none fits; this machine has no way out to
 * those releases, so `npm ci` compiled it from source, a minute or more of both cores in every CI
 * run. The stand-in serves the module this checkout already has, packed as a release is, at the
 * address prebuild-install asks for when `npm_config_better_sqlite3_binary_host` points here.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PrebuildMirror {
  /** What `npm_config_better_sqlite3_binary_host` is set to. */
  host: string;
  /** The archive's name, as prebuild-install asks for it. */
  archive: string;
  /** How many times the archive was fetched. */
  served: () => number;
  close: () => Promise<void>;
}

/** Starts the stand-in on 127.0.0.1, or answers null when this checkout has no compiled module to serve. */
export async function startPrebuildMirror(repoRoot: string): Promise<PrebuildMirror | null> {
  const packageDir = path.join(repoRoot, 'node_modules/better-sqlite3');
  const addon = path.join(packageDir, 'build/Release/better_sqlite3.node');
  if (!existsSync(addon) || process.platform !== 'linux') return null;
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const archive = `better-sqlite3-v${version}-node-v${process.versions.modules}-linux-${process.arch}.tar.gz`;
  const tarball = packRelease(addon);
  let served = 0;
  const server = createServer((request, response) => {
    if (request.url !== `/v${version}/${archive}`) {
      response.writeHead(404).end();
      return;
    }
    served += 1;
    response
      .writeHead(200, { 'content-type': 'application/gzip', 'content-length': tarball.length })
      .end(tarball);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `http://127.0.0.1:${port}`;
  return {
    host,
    archive,
    served: () => served,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // prebuild-install keeps what it fetched in npm's cache under a name made from the address;
      // the port is new on every run, so the copy would only pile up.
      rmSync(cachedCopy(`${host}/v${version}/${archive}`), { force: true });
    },
  };
}

/** The module as a release archive holds it: `build/Release/better_sqlite3.node`, gzipped tar. */
function packRelease(addon: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-prebuild-'));
  try {
    const release = path.join(dir, 'build/Release');
    mkdirSync(release, { recursive: true });
    copyFileSync(addon, path.join(release, 'better_sqlite3.node'));
    const packed = spawnSync('tar', ['-czf', '-', 'build/Release/better_sqlite3.node'], {
      cwd: dir,
      maxBuffer: 64 << 20,
    });
    if (packed.status !== 0) throw new Error(`tar failed: ${packed.stderr.toString()}`);
    return packed.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Where prebuild-install keeps a download of `url` (its util.js: npm's cache, `_prebuilds`). */
function cachedCopy(url: string): string {
  const digest = createHash('sha512').update(url).digest('hex').slice(0, 6);
  const cache = process.env.npm_config_cache || path.join(os.homedir(), '.npm');
  return path.join(cache, '_prebuilds', `${digest}-${path.basename(url).replace(/[^a-zA-Z0-9.]+/g, '-')}`);
}
