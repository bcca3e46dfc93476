/**
 * The server's VAPID key pair (DECISIONS.md #103): from the configuration, both or neither; else
 * made once in DATA_DIR, and one pair even when several processes start at once.
 */
import { execFile } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../../config';
import { VAPID_KEY_FILE, dataDirVapidPair, newVapidPair, vapidKeys } from './vapid-keys';

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-vapid-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const PUBLIC = `B${'A'.repeat(86)}`;
const PRIVATE = 'A'.repeat(43);

describe('a new pair', () => {
  it('is a P-256 pair web-push signs with: 65-byte public point of the 32-byte private key', () => {
    for (let round = 0; round < 50; round += 1) {
      const pair = newVapidPair();
      const publicKey = Buffer.from(pair.publicKey, 'base64url');
      const privateKey = Buffer.from(pair.privateKey, 'base64url');
      expect(publicKey).toHaveLength(65);
      expect(privateKey).toHaveLength(32);
      const curve = createECDH('prime256v1');
      curve.setPrivateKey(privateKey);
      expect(curve.getPublicKey().equals(publicKey)).toBe(true);
      expect(() => webpush.setVapidDetails('mailto:support@example.com', pair.publicKey, pair.privateKey)).not.toThrow();
    }
  });
});

describe('VAPID configuration', () => {
  it('takes both keys, with a mailto: of the support address as the subject unless given', () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: PUBLIC,
      VAPID_PRIVATE_KEY: PRIVATE,
      SUPPORT_EMAIL: 'help@example.org',
    });
    expect(vapidKeys(config, 'postgres')).toEqual({
      publicKey: PUBLIC,
      privateKey: PRIVATE,
      subject: 'mailto:help@example.org',
    });
    expect(
      vapidKeys(
        loadConfig({
          VAPID_PUBLIC_KEY: PUBLIC,
          VAPID_PRIVATE_KEY: PRIVATE,
          VAPID_SUBJECT: 'https://budget.example.org',
        }),
        'sqlite',
      )?.subject,
    ).toBe('https://budget.example.org');
  });

  it('stops with a clear message when one key comes without the other, or a key is malformed', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: PUBLIC })).toThrow(
      'VAPID_PRIVATE_KEY is required when VAPID_PUBLIC_KEY is set',
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: PRIVATE })).toThrow(
      'VAPID_PUBLIC_KEY is required when VAPID_PRIVATE_KEY is set',
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: PRIVATE })).toThrow(
      'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.org' })).toThrow(
      'VAPID_SUBJECT must be a mailto: address or an https:// URL',
    );
  });

  it("is off on PostgreSQL without the keys: a key file of one machine would not be every process's", () => {
    expect(vapidKeys(loadConfig({ DATA_DIR: tempDir() }), 'postgres')).toBeNull();
  });
});

describe('the key pair kept in DATA_DIR (SQLite)', () => {
  it("is made once, readable by the server's user only, and read again after", () => {
    const dir = tempDir();
    const first = dataDirVapidPair(dir);
    expect(first.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(dataDirVapidPair(dir)).toEqual(first);
    expect(statSync(path.join(dir, VAPID_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(vapidKeys(loadConfig({ DATA_DIR: dir }), 'sqlite')?.publicKey).toBe(first.publicKey);
  });

  it('ends with one pair when several processes start at once', async () => {
    const dir = path.join(tempDir(), 'data');
    const module = path.join(import.meta.dirname, 'vapid-keys.ts');
    const script = `import(${JSON.stringify(module)}).then((m) => process.stdout.write(m.dataDirVapidPair(${JSON.stringify(dir)}).publicKey))`;
    const outputs = await Promise.all(
      Array.from({ length: 6 }, () =>
        run(process.execPath, ['--import', 'tsx', '-e', script], {
          cwd: path.join(import.meta.dirname, '..', '..', '..'),
        }),
      ),
    );
    const keys = new Set(outputs.map((output) => output.stdout));
    expect(keys.size).toBe(1);
    expect(JSON.parse(readFileSync(path.join(dir, VAPID_KEY_FILE), 'utf8')).publicKey).toBe([...keys][0]);
  }, 60_000);

  it('stops naming the file when it holds no key pair, instead of making a new one', () => {
    const dir = tempDir();
    dataDirVapidPair(dir);
    const file = path.join(dir, VAPID_KEY_FILE);
    rmSync(file);
    writeFileSync(file, '{}');
    expect(() => dataDirVapidPair(dir)).toThrow(`${file} does not hold a VAPID key pair`);
  });
});
