import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { KEY_FILE, SecretBox } from './secret-box';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('two-factor secret box', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mindspend-2fa-'));
    dirs.push(dir);
    return dir;
  };

  it('without TWO_FACTOR_ENCRYPTION_KEY, seals with a key file readable by its owner only, kept across restarts', () => {
    const dataDir = tempDir();
    const sealed = new SecretBox(loadConfig({ DATA_DIR: dataDir })).seal(SECRET);
    expect(sealed).not.toContain('JBSWY3DP');
    const file = path.join(dataDir, KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, 'utf8');
    // A restart (a new configuration object) reads the same key and opens what was sealed.
    expect(new SecretBox(loadConfig({ DATA_DIR: dataDir })).open(sealed)).toBe(SECRET);
    expect(readFileSync(file, 'utf8')).toBe(key);
  });

  it('with TWO_FACTOR_ENCRYPTION_KEY, writes no file, and another key cannot open the secret', () => {
    const dataDir = tempDir();
    const sealed = new SecretBox(
      loadConfig({ DATA_DIR: dataDir, TWO_FACTOR_ENCRYPTION_KEY: 'k'.repeat(40) }),
    ).seal(SECRET);
    expect(() => statSync(path.join(dataDir, KEY_FILE))).toThrow();
    const other = new SecretBox(loadConfig({ DATA_DIR: dataDir, TWO_FACTOR_ENCRYPTION_KEY: 'j'.repeat(40) }));
    expect(() => other.open(sealed)).toThrow();
  });
});
