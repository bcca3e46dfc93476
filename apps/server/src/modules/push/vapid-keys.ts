/**
 * The server's VAPID key pair (DECISIONS.md #103): browsers subscribe with its public key, and every
 * notification is signed with its private key, so a push service delivers only what this server
 * sent. VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; else, on SQLite, a pair made once and kept
 * in DATA_DIR/vapid.json. On PostgreSQL a key file of one machine's DATA_DIR would give processes
 * on two machines two pairs, and a device subscribed through one could not be sent to by the
 * other (as DECISIONS.md #93 says of the two-factor key): there push is off without the variables.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { DialectName } from '../../db/connection';
import { PRIVATE_FILE_MODE, makePrivateDir } from '../../lib/private-files';

export const VAPID_KEY_FILE = 'vapid.json';

/**
 * A new P-256 pair in VAPID's form, as web-push's generateVAPIDKeys makes it (the public key an
 * uncompressed point, the private key 32 bytes, both base64url), without loading web-push at
 * start-up for it (DECISIONS.md #119).
 */
export function newVapidPair(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32), curve.getPrivateKey()]).subarray(-32).toString('base64url'),
  };
}

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what PushManager.subscribe takes. */
  publicKey: string;
  /** The 32-byte private scalar, base64url. */
  privateKey: string;
  /** A mailto: or https: contact for the push services. */
  subject: string;
}

export type VapidConfig = Pick<
  Config,
  'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'SUPPORT_EMAIL' | 'DATA_DIR'
>;

const PUBLIC_KEY = /^B[A-Za-z0-9_-]{86}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

/** The pair in `file`; throws naming the file when it is not one. */
function readPair(file: string): { publicKey: string; privateKey: string } {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  const { publicKey, privateKey } = parsed;
  if (
    typeof publicKey !== 'string' ||
    !PUBLIC_KEY.test(publicKey) ||
    typeof privateKey !== 'string' ||
    !PRIVATE_KEY.test(privateKey)
  ) {
    throw new Error(
      `${file} does not hold a VAPID key pair ({"publicKey": …, "privateKey": …}); restore it, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`,
    );
  }
  return { publicKey, privateKey };
}

/**
 * The pair in `dataDir/vapid.json`, made if there is none. The new pair is written whole to a
 * file of this process's own and then linked into place: a link fails when the name exists, so of
 * two processes starting at once one pair wins, and no process ever reads a half-written file.
 */
export function dataDirVapidPair(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, VAPID_KEY_FILE);
  try {
    return readPair(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  makePrivateDir(dataDir);
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, JSON.stringify(newVapidPair()), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readPair(file);
}

/** The server's keys, or null when push is off (PostgreSQL without the variables). */
export function vapidKeys(config: VapidConfig, dialect: DialectName): VapidKeys | null {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (dialect === 'postgres') return null;
  return { ...dataDirVapidPair(config.DATA_DIR), subject };
}

/** The keys, read (or made) once per app on first use: a server that never pushes makes no key file. */
export function lazyVapidKeys(config: VapidConfig, dialect: DialectName): () => VapidKeys | null {
  let keys: VapidKeys | null | undefined;
  return () => {
    keys ??= vapidKeys(config, dialect);
    return keys;
  };
}
