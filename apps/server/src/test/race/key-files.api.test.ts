/**
 * Keys that travel (issue 35, DECISIONS.md #93), on real server processes. On PostgreSQL: two
 * processes stand for two machines (two DATA_DIRs, one database, the same keys in the
 * environment); two-factor turned on through one signs in with a code through the other, and a
 * process without the keys refuses to start. On SQLite: a server whose two-factor.key is gone
 * while people have two-factor on stops with what to do, instead of making a new key.
 */
import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type ServerProcess,
  createScratchDatabase,
  registerUser,
  startServer,
  stopServer,
} from '../../../../../scripts/support/server-process';
import { TEST_DB, buildServer } from './harness';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** registerUser's password. */
const PASSWORD = 'Mindful123';
const KEYS = {
  TWO_FACTOR_ENCRYPTION_KEY: 'two-machines-two-factor-key-0123456789abcdef',
  UNSUBSCRIBE_SECRET: 'two-machines-unsubscribe-secret-0123456789abcdef',
};

async function post(server: ServerProcess, url: string, body: unknown, token?: string) {
  const response = await fetch(`${server.baseUrl}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The code an authenticator shows `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Turns two-factor on for the token's user through `server`; the secret. */
async function turnOnTwoFactor(server: ServerProcess, token: string): Promise<string> {
  const setup = await post(server, '/user/two-factor', { current_password: PASSWORD }, token);
  expect(setup.status).toBe(200);
  const secret = String(setup.body.secret);
  const confirm = await post(server, '/user/two-factor/confirm', { code: await codeAt(secret) }, token);
  expect(confirm.status).toBe(200);
  return secret;
}

/**
 * Signs in with the password, then with a code. The next step's code: the confirming code's step
 * is used up, and one step of drift is accepted (totp.ts).
 */
async function signInWithCode(server: ServerProcess, email: string, secret: string) {
  const first = await post(server, '/login', { email, password: PASSWORD });
  expect(first.body).toEqual({ two_factor_required: true });
  return post(server, '/login', { email, password: PASSWORD, one_time_password: await codeAt(secret, 1) });
}

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const servers: ServerProcess[] = [];
const start = async (env: NodeJS.ProcessEnv) => {
  const server = await startServer({ PATH: process.env.PATH ?? '', ...env });
  servers.push(server);
  return server;
};

beforeAll(() => buildServer());
afterEach(async () => {
  await Promise.all(servers.splice(0).map(stopServer));
});
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(TEST_DB === 'postgres')('two machines on one PostgreSQL database (DECISIONS.md #93)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase(PG_URL, 'mindspend_keys');
  });
  afterAll(() => scratch?.drop());

  it('signs in through machine 2 with the two-factor secret sealed by machine 1', async () => {
    const [machine1Dir, machine2Dir] = [tempDir('mindspend-machine1-'), tempDir('mindspend-machine2-')];
    // One at a time, so only the first one migrates.
    const machine1 = await start({ DATABASE_URL: scratch.url, DATA_DIR: machine1Dir, ...KEYS });
    const machine2 = await start({ DATABASE_URL: scratch.url, DATA_DIR: machine2Dir, ...KEYS });

    const email = 'two-machines@example.com';
    const { token } = await registerUser(machine1, email);
    const secret = await turnOnTwoFactor(machine1, token);

    const signedIn = await signInWithCode(machine2, email, secret);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.api_token).toEqual(expect.any(String));
    // The key came from the environment: neither machine made a key file of its own.
    for (const dir of [machine1Dir, machine2Dir]) {
      expect(existsSync(path.join(dir, 'two-factor.key'))).toBe(false);
      expect(existsSync(path.join(dir, 'unsubscribe.key'))).toBe(false);
    }
  });

  it('refuses to start a process on the database without the keys, naming each', async () => {
    // startServer gives PostgreSQL processes the test keys unless told otherwise: empty means unset.
    const failure = await start({
      DATABASE_URL: scratch.url,
      DATA_DIR: tempDir('mindspend-keyless-'),
      TWO_FACTOR_ENCRYPTION_KEY: '',
      UNSUBSCRIBE_SECRET: '',
    }).then(
      () => 'started',
      (error: unknown) => String(error),
    );
    expect(failure).toMatch(/server exited \(1\)/);
    expect(failure).toContain('TWO_FACTOR_ENCRYPTION_KEY is required when DATABASE_URL is set');
    expect(failure).toContain('UNSUBSCRIBE_SECRET is required when DATABASE_URL is set');
    expect(failure).toContain('openssl rand -base64 48');
  });
});

describe.runIf(TEST_DB === 'sqlite')('a SQLite server without its two-factor key file (DECISIONS.md #93)', () => {
  it('stops, saying what is missing, instead of making a new key; the restored file lets it start', async () => {
    const dataDir = tempDir('mindspend-lost-key-');
    const first = await start({ DATA_DIR: dataDir });
    const email = 'lost-key@example.com';
    const { token } = await registerUser(first, email);
    const secret = await turnOnTwoFactor(first, token);
    await stopServer(first);

    const keyFile = path.join(dataDir, 'two-factor.key');
    const key = readFileSync(keyFile, 'utf8');
    unlinkSync(keyFile);
    const failure = await start({ DATA_DIR: dataDir }).then(
      () => 'started',
      (error: unknown) => String(error),
    );
    expect(failure).toMatch(/server exited \(1\)/);
    expect(failure).toContain('1 person has two-factor sign-in on');
    expect(failure).toContain(`nor does ${keyFile} exist`);
    expect(failure).toContain('Restore two-factor.key from the backup');
    expect(failure).toContain('could no longer sign in');
    // No new key was made behind the person's back.
    expect(existsSync(keyFile)).toBe(false);

    writeFileSync(keyFile, key, { mode: 0o600 });
    const restored = await start({ DATA_DIR: dataDir });
    expect((await signInWithCode(restored, email, secret)).status).toBe(200);
  });

  it('starts without a key file while nobody has two-factor on, as on a new server', async () => {
    const dataDir = tempDir('mindspend-no-key-');
    const server = await start({ DATA_DIR: dataDir });
    await registerUser(server, 'no-two-factor@example.com');
    await stopServer(server);
    await start({ DATA_DIR: dataDir });
    expect(existsSync(path.join(dataDir, 'two-factor.key'))).toBe(false);
  });
});
