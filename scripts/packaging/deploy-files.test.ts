// compose.yaml and deploy/mindspend.service, which no test can run here (no container daemon, no
// systemd), held to what the server reads: every NAME_FILE they set is a variable the server
// takes from a file, handed over as a secret or credential that the file defines, and the two
// keys the server needs on PostgreSQL are among them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SECRET_NAMES } from '../../apps/server/src/config-secret-files';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const secretFileVariables = new Set<string>(SECRET_NAMES.map((name) => `${name}_FILE`));
const keysRequiredOnPostgres = ['TWO_FACTOR_ENCRYPTION_KEY_FILE', 'UNSUBSCRIBE_SECRET_FILE'];

describe('deploy/mindspend.service', () => {
  // `Key=value` lines of the unit, comments left out; a key may come more than once.
  const lines = read('deploy/mindspend.service')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('['));
  const values = (key: string) =>
    lines.filter((line) => line.startsWith(`${key}=`)).map((line) => line.slice(key.length + 1));

  it('runs hardened under a user of its own, with its data in its state directory', () => {
    for (const [key, value] of [
      ['DynamicUser', 'yes'],
      ['StateDirectory', 'mindspend'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
      ['NoNewPrivileges', 'yes'],
      ['Restart', 'on-failure'],
    ]) {
      expect(values(key ?? ''), key).toEqual([value]);
    }
    expect(values('Environment')).toContain('DATA_DIR=%S/mindspend');
  });

  it('migrates before it starts the server, both from the build', () => {
    expect(values('ExecStartPre')).toEqual([expect.stringMatching(/ apps\/server\/dist\/migrate\.js$/)]);
    expect(values('ExecStart')).toEqual([expect.stringMatching(/ apps\/server\/dist\/main\.js$/)]);
    // The build makes dist/migrate.js (apps/server/build.mjs's entry points).
    expect(read('apps/server/build.mjs')).toMatch(/\bmigrate: 'src\/migrate\.ts'/);
  });

  it('hands each secret over as a credential the server reads through NAME_FILE', () => {
    const credentials = new Set(values('LoadCredential').map((value) => value.split(':')[0]));
    const fileVariables = values('Environment')
      .map((value) => /^(\w+_FILE)=%d\/(\w+)$/.exec(value))
      .filter((match): match is RegExpExecArray => match !== null);
    expect(fileVariables.map(([, name]) => name)).toEqual(expect.arrayContaining(keysRequiredOnPostgres));
    for (const [, name = '', credential = ''] of fileVariables) {
      expect(secretFileVariables.has(name), name).toBe(true);
      expect(credentials.has(credential), credential).toBe(true);
    }
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  const uncommented = compose.replace(/^\s*#.*$/gm, '');

  it('gives every server process the secrets as Docker secrets, the keys PostgreSQL needs among them', () => {
    const fileVariables = [...uncommented.matchAll(/^\s+(\w+_FILE): \/run\/secrets\/(\w+)$/gm)];
    const serverVariables = fileVariables
      .map(([, name = '']) => name)
      .filter((name) => name !== 'POSTGRES_PASSWORD_FILE');
    expect(serverVariables).toEqual(expect.arrayContaining(['DATABASE_URL_FILE', ...keysRequiredOnPostgres]));
    for (const name of serverVariables) expect(secretFileVariables.has(name), name).toBe(true);
    // Each secret named is defined at the top level, from a file the operator creates.
    for (const [, , secret] of fileVariables) {
      expect(uncommented).toMatch(new RegExp(`^  ${secret}:\\n    file: \\./secrets/${secret}$`, 'm'));
    }
  });

  it('runs two processes on PostgreSQL 15 behind Caddy, trusting its forwarded headers, at an https APP_URL', () => {
    expect(uncommented).toMatch(/^ {2}app1:\n {4}<<: \*mindspend$/m);
    expect(uncommented).toMatch(/^ {2}app2:\n {4}<<: \*mindspend$/m);
    expect(uncommented).toMatch(/^\s+image: postgres:15$/m);
    expect(uncommented).toMatch(/^\s+TRUST_PROXY: 'true'$/m);
    expect(uncommented).toMatch(/^\s+APP_URL: https:\/\//m);
    expect(uncommented).toMatch(/^\s+- \.\/deploy\/Caddyfile:\/etc\/caddy\/Caddyfile:ro$/m);
    expect(uncommented).toMatch(/^\s+MINDSPEND_UPSTREAMS: app1:3000 app2:3000$/m);
  });
});
