/** The version and commit a process states (issue 35): package.json's version, GIT_COMMIT or git's answer, never a failure for want of git. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UNKNOWN_COMMIT, appVersion, buildInfo, gitCommit, readVersion } from './build-info';
import { REPO_ROOT } from './config';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'mindspend-build-info-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('build info', () => {
  it("reads the root package.json's semantic version", () => {
    const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(root.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(readVersion()).toBe(root.version);
    expect(appVersion()).toBe(root.version);
  });

  it('refuses a package.json without a semantic version', () => {
    writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ name: 'x', version: 'latest' }));
    expect(() => readVersion(scratch)).toThrow(/has no semantic version .*"latest"/);
    writeFileSync(
      path.join(scratch, 'package.json'),
      JSON.stringify({ name: 'x', version: '1.0.0-rc.1+build.5' }),
    );
    expect(readVersion(scratch)).toBe('1.0.0-rc.1+build.5');
  });

  it('takes GIT_COMMIT as it is when set', () => {
    expect(buildInfo('0123abcd')).toEqual({ version: appVersion(), commit: '0123abcd' });
  });

  it('asks git otherwise, and says unknown outside a checkout or without git', () => {
    const commit = buildInfo(undefined).commit;
    expect(commit === UNKNOWN_COMMIT || /^[0-9a-f]{12}$/.test(commit)).toBe(true);
    expect(gitCommit(scratch)).toBe(UNKNOWN_COMMIT);
    expect(gitCommit(REPO_ROOT, path.join(scratch, 'no-git-here'))).toBe(UNKNOWN_COMMIT);
  });
});
