/**
 * The start-up check of DECISIONS.md #93 on SQLite: two-factor secrets are sealed under
 * TWO_FACTOR_ENCRYPTION_KEY or DATA_DIR/two-factor.key, and the key file is created on first use
 * (secret-box.ts). A server restored from a backup without that file, or moved to a new DATA_DIR,
 * would silently create a new key, and every person with two-factor on could no longer sign in.
 * So when such people exist and neither key is there, the server stops and says what is missing.
 * (On PostgreSQL the variable is required by the configuration itself: config.ts.)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/connection';
import { KEY_FILE } from './secret-box';
import { countTwoFactorUsers } from './two-factor.repo';

type KeyConfig = Pick<Config, 'TWO_FACTOR_ENCRYPTION_KEY' | 'DATA_DIR'>;

/** Why the server must not start with this key set-up, or null when it may. */
export async function twoFactorKeyProblem(database: DatabaseHandle, config: KeyConfig): Promise<string | null> {
  if (config.TWO_FACTOR_ENCRYPTION_KEY !== undefined) return null;
  const keyFile = path.join(config.DATA_DIR, KEY_FILE);
  if (existsSync(keyFile)) return null;
  const people = await countTwoFactorUsers(database.db);
  if (people === 0) return null;
  const who = people === 1 ? '1 person has' : `${people} people have`;
  return [
    `Mindspend will not start: ${who} two-factor sign-in on, but their secrets' key is missing.`,
    `Neither TWO_FACTOR_ENCRYPTION_KEY is set nor does ${keyFile} exist.`,
    `Restore ${KEY_FILE} from the backup you took with the database into ${config.DATA_DIR} (mode 0600),`,
    `or set TWO_FACTOR_ENCRYPTION_KEY (or TWO_FACTOR_ENCRYPTION_KEY_FILE) to that file's content, then start again.`,
    `The server does not create a new key here: under a new key those people could no longer sign in.`,
  ].join('\n');
}
