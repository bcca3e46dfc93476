/**
 * Transactions added without a connection, kept on the device until the server has them
 * (issue 30, DECISIONS.md #104). IndexedDB, not localStorage: it survives closing the installed
 * app, is shared by its tabs, and holds structured entries without a size worry. Each entry is
 * keyed by the Idempotency-Key it is sent with, so sending it twice (two tabs, a lost answer)
 * still writes one transaction.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { TransactionBody } from '@mindspend/api-contract';
import type { Feeling } from '@mindspend/domain';
import type { TransactionFormValues } from '../transaction-form';

export interface WaitingEntry {
  /** The Idempotency-Key it is sent with, and its key on the device. */
  key: string;
  /** Whose it is: only their session ever sends or shows it. */
  userId: number;
  /** The book it was typed in (null: the personal book), whichever is chosen when it is sent. */
  bookId: number | null;
  accountId: number;
  body: TransactionBody;
  /** The words the ledger shows while it waits, as they were when it was typed. */
  shown: { payee: string | null; amount: string; account: string; feeling: Feeling | null };
  /** The form as typed, for 'Fix' to reopen. */
  form: TransactionFormValues;
  /** ISO-8601 time it was kept. */
  keptAt: string;
  /** The server's messages when it refused the entry; absent while the entry waits to be sent. */
  refused?: string[];
}

interface WaitingDb extends DBSchema {
  entries: { key: string; value: WaitingEntry; indexes: { byUser: number } };
}

const DB_NAME = 'mindspend-waiting-entries';
let opened: Promise<IDBPDatabase<WaitingDb>> | undefined;

function database(): Promise<IDBPDatabase<WaitingDb>> {
  opened ??= openDB<WaitingDb>(DB_NAME, 1, {
    upgrade(db) {
      const store = db.createObjectStore('entries', { keyPath: 'key' });
      store.createIndex('byUser', 'userId');
    },
  });
  return opened;
}

/** True where the browser can keep entries (every browser the app supports; not some private modes). */
export const canKeepEntries = (): boolean => typeof indexedDB !== 'undefined';

/** Keeps an entry; one with the same key is replaced (a fixed entry keeps its key only if unsent). */
export async function keepEntry(entry: WaitingEntry): Promise<void> {
  await (await database()).put('entries', entry);
}

/** The person's entries, oldest first: they are sent in the order they were typed. */
export async function entriesOf(userId: number): Promise<WaitingEntry[]> {
  const entries = await (await database()).getAllFromIndex('entries', 'byUser', userId);
  return entries.sort((a, b) => a.keptAt.localeCompare(b.keptAt));
}

export async function forgetEntry(key: string): Promise<void> {
  await (await database()).delete('entries', key);
}

/** Marks an entry the server refused, with its words; it stays until fixed or discarded. */
export async function markRefused(key: string, messages: string[]): Promise<void> {
  const db = await database();
  const transaction = db.transaction('entries', 'readwrite');
  const entry = await transaction.store.get(key);
  if (entry) await transaction.store.put({ ...entry, refused: messages });
  await transaction.done;
}

/** For tests: closes the connection so the next use opens the database afresh. */
export async function closeEntryStore(): Promise<void> {
  const db = await opened;
  db?.close();
  opened = undefined;
}
