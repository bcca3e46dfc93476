/** NAME_FILE for the secrets of the configuration (issue 35): read, trimmed, and refused when ambiguous or unreadable. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, loadConfig } from './config';
import { SECRET_NAMES, resolveSecretFiles } from './config-secret-files';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file holding `content`, as Docker secrets or systemd credentials hand it over. */
function secretFile(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content, { mode: 0o600 });
  return file;
}

const KEY = 'a-two-factor-key-of-at-least-32-characters';

describe('loadConfig: secrets from NAME_FILE', () => {
  it('reads the value from the file, less its trailing newline', () => {
    const config = loadConfig({ TWO_FACTOR_ENCRYPTION_KEY_FILE: secretFile('two-factor', `${KEY}\n`) });
    expect(config.TWO_FACTOR_ENCRYPTION_KEY).toBe(KEY);
  });

  it('takes a file without a newline, or with a Windows line ending, alike', () => {
    expect(loadConfig({ UNSUBSCRIBE_SECRET_FILE: secretFile('plain', KEY) }).UNSUBSCRIBE_SECRET).toBe(KEY);
    expect(loadConfig({ UNSUBSCRIBE_SECRET_FILE: secretFile('crlf', `${KEY}\r\n`) }).UNSUBSCRIBE_SECRET).toBe(
      KEY,
    );
  });

  it('keeps the rest of the content as it is: inner spaces, leading spaces', () => {
    const url = 'postgres://mindspend:p%40ss word@db:5432/mindspend';
    // PostgreSQL needs the two shared keys as well (DECISIONS.md #93).
    const keys = { TWO_FACTOR_ENCRYPTION_KEY: KEY, UNSUBSCRIBE_SECRET: KEY };
    expect(loadConfig({ DATABASE_URL_FILE: secretFile('db-url', `${url}\n`), ...keys }).DATABASE_URL).toBe(url);
    // …which may come from files too, as Docker secrets.
    const fromFiles = loadConfig({
      DATABASE_URL: url,
      TWO_FACTOR_ENCRYPTION_KEY_FILE: secretFile('2fa-key', `${KEY}\n`),
      UNSUBSCRIBE_SECRET_FILE: secretFile('unsubscribe-key', `${KEY}\n`),
    });
    expect(fromFiles).toMatchObject({ TWO_FACTOR_ENCRYPTION_KEY: KEY, UNSUBSCRIBE_SECRET: KEY });
    expect(() => loadConfig({ DATABASE_URL_FILE: secretFile('db-url-space', ` ${url}\n`) })).toThrow(
      /DATABASE_URL: DATABASE_URL must start with postgres/,
    );
  });

  it('checks a value from a file as it checks one from the environment', () => {
    expect(() => loadConfig({ TWO_FACTOR_ENCRYPTION_KEY_FILE: secretFile('short', 'too-short\n') })).toThrow(
      /TWO_FACTOR_ENCRYPTION_KEY: TWO_FACTOR_ENCRYPTION_KEY must be at least 32 characters/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY_FILE: secretFile('stripe', 'sk_test_abc\n') })).toThrow(
      /STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set/,
    );
  });

  it('refuses the variable and its file both set, naming the variable', () => {
    const file = secretFile('both', `${KEY}\n`);
    expect(() => loadConfig({ UNSUBSCRIBE_SECRET: KEY, UNSUBSCRIBE_SECRET_FILE: file })).toThrow(
      'UNSUBSCRIBE_SECRET: UNSUBSCRIBE_SECRET and UNSUBSCRIBE_SECRET_FILE are both set; set only one of them',
    );
  });

  it('treats an empty value as unset, on either side', () => {
    const file = secretFile('token', 'a-metrics-token-0123456789\n');
    expect(loadConfig({ METRICS_TOKEN: '', METRICS_TOKEN_FILE: file }).METRICS_TOKEN).toBe(
      'a-metrics-token-0123456789',
    );
    expect(
      loadConfig({ METRICS_TOKEN: 'a-metrics-token-0123456789', METRICS_TOKEN_FILE: '' }).METRICS_TOKEN,
    ).toBe('a-metrics-token-0123456789');
  });

  it('refuses a file that cannot be read, naming the file', () => {
    const missing = path.join(dir, 'no-such-secret');
    expect(() => loadConfig({ PLAID_CLIENT_ID: 'client', PLAID_SECRET_FILE: missing })).toThrow(
      `PLAID_SECRET_FILE: cannot read the file ${missing} (ENOENT)`,
    );
    expect(() => loadConfig({ OIDC_CLIENT_SECRET_FILE: dir })).toThrow(
      `OIDC_CLIENT_SECRET_FILE: cannot read the file ${dir} (EISDIR)`,
    );
  });

  it('refuses an empty file, which would quietly turn the feature off', () => {
    const empty = secretFile('empty', '\n');
    expect(() => loadConfig({ SMTP_URL_FILE: empty })).toThrow(`SMTP_URL_FILE: the file ${empty} is empty`);
  });

  it('reports every problem at once, with the other invalid variables', () => {
    const env = {
      METRICS_TOKEN: 'x',
      METRICS_TOKEN_FILE: secretFile('m', 'y'),
      PORT: 'eighty',
      PROMO_CODES_FILE: path.join(dir, 'none'),
    };
    expect(() => loadConfig(env)).toThrow(/METRICS_TOKEN and METRICS_TOKEN_FILE are both set/);
    expect(() => loadConfig(env)).toThrow(/PROMO_CODES_FILE: cannot read the file/);
    expect(() => loadConfig(env)).toThrow(/PORT: /);
  });

  it('takes NAME_FILE for every secret, and for no other setting', () => {
    for (const name of SECRET_NAMES) {
      const { env, problems } = resolveSecretFiles({ [`${name}_FILE`]: '/run/secrets/x' }, () => 'value\n');
      expect(problems).toEqual([]);
      expect(env).toEqual({ [name]: 'value' });
    }
    const { env } = resolveSecretFiles({ PORT_FILE: '/run/secrets/port' }, () => '8080');
    expect(env).toEqual({ PORT_FILE: '/run/secrets/port' });
    expect(loadConfig({ PORT_FILE: '/run/secrets/port' }).PORT).toBe(3000);
  });

  it('lists every NAME_FILE in docs/OPERATIONS.md', () => {
    const operations = readFileSync(path.join(REPO_ROOT, 'docs', 'OPERATIONS.md'), 'utf8');
    for (const name of SECRET_NAMES) expect(operations, `${name}_FILE`).toContain(`\`${name}_FILE\``);
  });
});
