/**
 * A random key kept in a file of DATA_DIR, for secrets that have a configuration variable but
 * must work without one: created once, readable by the server's user only, and shared by every
 * process on the machine.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, makePrivateDir } from './private-files';

/** The key in `dataDir/fileName`, created (32 random bytes, base64url) if there is none yet. */
export function dataDirKey(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    makePrivateDir(dataDir);
    // 'wx': two processes starting at once must not each write a key; the loser reads the winner's.
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return readFileSync(file, 'utf8').trim();
  }
}
