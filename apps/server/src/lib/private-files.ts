/**
 * Files and directories of DATA_DIR that only the server's own user may read (issue 35): the
 * database holds everyone's finances and the key files decrypt two-factor secrets, and a usual
 * umask (022) would create them readable by every user of the machine.
 */
import { closeSync, mkdirSync, openSync } from 'node:fs';

/** Owner read/write only. */
export const PRIVATE_FILE_MODE = 0o600;
/** Owner only: list, enter, create. */
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and missing parents) owner-only; one that exists is left as the operator set it. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates `file` empty and owner-only when it does not exist yet; an existing file is left as it
 * is. SQLite then opens the empty file as a new database, and gives its -wal and -shm files the
 * database file's permissions.
 */
export function createPrivateFile(file: string): void {
  try {
    // 'wx': another process creating it at the same moment wins, and its file is used as it is.
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
