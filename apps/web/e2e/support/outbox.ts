import path from 'node:path';
import Database from 'better-sqlite3';

interface OutboxRow {
  body_text: string;
}

/**
 * The newest e-mail body sent to `address`, read from the server's outbox table: the shared test
 * server's, or that of the server whose data directory is `dataDir` (a spec's own server).
 */
export function newestMailTo(address: string, dataDir = process.env.E2E_DATA_DIR): string {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Database(path.join(dataDir, 'mindspend.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare<[string], OutboxRow>('SELECT body_text FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1')
      .get(address);
    if (!row) throw new Error(`no e-mail to ${address} in the outbox`);
    return row.body_text;
  } finally {
    db.close();
  }
}

/** The reset-password link inside a reset e-mail. */
export function resetLinkIn(body: string): string {
  const match = /https?:\/\/\S+\/reset-password\/[^\s"'<>]+/.exec(body);
  if (!match) throw new Error(`no reset link in e-mail:\n${body}`);
  return match[0];
}

/** The HTML part of the newest e-mail to `address` with `subject`, from the server's outbox table. */
export function newestHtmlMailTo(address: string, subject: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Database(path.join(dataDir, 'mindspend.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare<[string, string], { body_html: string | null }>(
        'SELECT body_html FROM outbox WHERE to_address = ? AND subject = ? ORDER BY id DESC LIMIT 1',
      )
      .get(address, subject);
    if (!row?.body_html) throw new Error(`no HTML e-mail '${subject}' to ${address} in the outbox`);
    return row.body_html;
  } finally {
    db.close();
  }
}
