/**
 * Which release this process runs (issue 35): the semantic version of the root package.json, the
 * one version of the whole repository, and the commit it was built from. GET /api/health and the
 * API document state the version; the metrics' mindspend_build_info gauge states both.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './config';

export interface BuildInfo {
  /** `0.2.0`: the root package.json's version. */
  version: string;
  /** The commit id, or `unknown` when neither GIT_COMMIT nor git can say. */
  commit: string;
}

/** Semantic Versioning 2.0.0's shape, pre-release and build metadata included. */
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export const UNKNOWN_COMMIT = 'unknown';

/** The `version` of `root/package.json`; throws when it is missing or not a semantic version. */
export function readVersion(root: string = REPO_ROOT): string {
  const file = path.join(root, 'package.json');
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const version =
    typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : undefined;
  if (typeof version !== 'string' || !SEMVER.test(version)) {
    throw new Error(`${file} has no semantic version ("version": "1.2.3"), found ${JSON.stringify(version)}`);
  }
  return version;
}

/**
 * The checkout's commit by `git rev-parse`, or `unknown`: an image or a tarball has no .git
 * directory, and a machine may have no git at all, neither of which may stop the server.
 */
export function gitCommit(root: string = REPO_ROOT, git = 'git'): string {
  try {
    const output = execFileSync(git, ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
    return /^[0-9a-f]{7,40}$/.test(output) ? output : UNKNOWN_COMMIT;
  } catch {
    return UNKNOWN_COMMIT;
  }
}

// Read once per process: neither the version nor the checkout's commit changes while it runs.
let version: string | undefined;
let checkoutCommit: string | undefined;

/** This process's version, read from package.json on first use. */
export function appVersion(): string {
  version ??= readVersion();
  return version;
}

/**
 * The version, and the commit: GIT_COMMIT when set (a build stamped with it), else git's answer,
 * asked once and only here, so a server without metrics never runs git.
 */
export function buildInfo(gitCommitVariable: string | undefined): BuildInfo {
  if (gitCommitVariable) return { version: appVersion(), commit: gitCommitVariable };
  checkoutCommit ??= gitCommit();
  return { version: appVersion(), commit: checkoutCommit };
}
