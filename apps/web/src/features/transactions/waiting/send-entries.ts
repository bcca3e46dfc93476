/**
 * Sends the entries kept on the device (./entry-store.ts) when a connection is back (DECISIONS.md
 * #104): oldest first, each with its own Idempotency-Key and book, so a repeat never writes twice.
 * What the server refuses stays on the device with its words; what could not be sent waits.
 */
import { ApiError, NetworkError } from '../../../lib/api-client';
import { callApi } from '../../../lib/api-routes';
import { UNEXPECTED_ERROR } from '../../../lib/errors';
import { invalidateTransactions } from '../api';
import { type WaitingEntry, entriesOf, forgetEntry, markRefused } from './entry-store';

/** What one answer means for an entry and for the ones after it. */
export type SendOutcome =
  | { kind: 'sent' }
  /** The server will never take it as it is: kept, with its words, for the person. */
  | { kind: 'refused'; messages: string[] }
  /** Not now (another tab is sending it): try the next ones, this one later. */
  | { kind: 'later' }
  /** No connection, signed out, or the server is struggling: stop and try everything later. */
  | { kind: 'stop' };

/** The outcome of a failed send. */
export function outcomeOf(error: unknown): SendOutcome {
  if (error instanceof NetworkError) return { kind: 'stop' };
  if (!(error instanceof ApiError)) return { kind: 'stop' };
  // 401: the session is over; the entries wait for this person's next sign-in.
  if (error.status === 401 || error.status === 429 || error.status >= 500) return { kind: 'stop' };
  // 409: the same key is being answered right now (another tab sent it first).
  if (error.status === 409) return { kind: 'later' };
  // The server's own sentence ('The account does not exist.') says more, days later, than the
  // catalogue's 'Unexpected error occurred.' would; a 422 lists its field messages.
  const words = error.status !== 422 && error.serverMessage ? [error.serverMessage] : error.messages;
  return { kind: 'refused', messages: words.length > 0 ? words : [UNEXPECTED_ERROR] };
}

async function sendOne(entry: WaitingEntry): Promise<SendOutcome> {
  try {
    await callApi('createTransaction', {
      params: { id: entry.accountId },
      body: entry.body,
      idempotencyKey: entry.key,
      bookId: entry.bookId,
    });
    return { kind: 'sent' };
  } catch (error) {
    return outcomeOf(error);
  }
}

export interface SendSummary {
  sent: number;
  refused: number;
  waiting: number;
}

/** Sends the person's waiting entries one after the other; refused ones are kept and skipped. */
async function sendAll(userId: number): Promise<SendSummary> {
  const summary: SendSummary = { sent: 0, refused: 0, waiting: 0 };
  const waiting = (await entriesOf(userId)).filter((entry) => entry.refused === undefined);
  for (const [index, entry] of waiting.entries()) {
    const outcome = await sendOne(entry);
    if (outcome.kind === 'sent') {
      await forgetEntry(entry.key);
      summary.sent += 1;
    } else if (outcome.kind === 'refused') {
      await markRefused(entry.key, outcome.messages);
      summary.refused += 1;
    } else if (outcome.kind === 'later') {
      summary.waiting += 1;
    } else {
      summary.waiting += waiting.length - index;
      break;
    }
  }
  if (summary.sent > 0) await invalidateTransactions();
  return summary;
}

let running: Promise<SendSummary> | undefined;

/** Runs `work` holding the app's lock across tabs, where the browser has Web Locks. */
async function acrossTabs(work: () => Promise<SendSummary>): Promise<SendSummary> {
  // Older browsers (and test DOMs) have no `locks`, or a null one.
  const locks = (navigator as { locks?: LockManager | null }).locks;
  if (!locks) return work();
  return await locks.request('mindspend-waiting-entries', work);
}

/**
 * Sends the waiting entries of `userId`, once at a time in this tab and across its tabs (each
 * would send the same keys: harmless, but a 409 for one of them).
 */
export function sendWaitingEntries(userId: number): Promise<SendSummary> {
  running ??= acrossTabs(() => sendAll(userId)).finally(() => {
    running = undefined;
  });
  return running;
}
