/**
 * The realtime events of the chosen book (DECISIONS.md #9, issue 25): server-sent events from GET
 * /api/events. The stream is bearer-authenticated and names its book with a header, which
 * EventSource cannot do, so it is read with fetch and a ReadableStream, parsed here, and
 * reconnected with backoff until the user signs out; a switch of book opens the new book's stream.
 */
import { useEffect, useRef } from 'react';
import { ApiError } from './api-client';
import { routeUrl } from './api-routes';
import { bookHeaders, chosenBookStore, noteBookAnswer } from './book';
import { getSession, subscribeSession } from './session';

export interface ServerEvent {
  /** The `event:` field; 'message' when the server leaves it out. */
  event: string;
  /** The `data:` lines joined by newlines. */
  data: string;
}

/**
 * Incremental parser of the text/event-stream format: feed it chunks as they arrive (lines may
 * be cut anywhere, CRLF or LF), it returns the events completed by a blank line. Comment lines
 * (heartbeats) and `id:` are ignored; `retry:` is remembered for the reconnect delay.
 */
export class SseParser {
  private buffer = '';
  private eventName = '';
  private dataLines: string[] = [];
  /** The server's `retry:` advice in ms, when it gave one. */
  retryMs: number | null = null;

  push(chunk: string): ServerEvent[] {
    this.buffer += chunk;
    const events: ServerEvent[] = [];
    let newline = this.buffer.search(/\r\n|\r|\n/);
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline);
      // A lone CR at the very end may be the first half of CRLF: wait for the next chunk.
      if (this.buffer[newline] === '\r' && newline === this.buffer.length - 1) break;
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + width);
      const event = this.line(line);
      if (event) events.push(event);
      newline = this.buffer.search(/\r\n|\r|\n/);
    }
    return events;
  }

  private line(line: string): ServerEvent | null {
    if (line === '') {
      if (this.dataLines.length === 0) {
        this.eventName = '';
        return null;
      }
      const event = { event: this.eventName || 'message', data: this.dataLines.join('\n') };
      this.eventName = '';
      this.dataLines = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') this.dataLines.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }
}

/** Reconnect delay after `failures` failed attempts in a row: 1 s doubling up to 30 s, at least the server's advice. */
export function backoffMs(failures: number, serverRetryMs: number | null = null): number {
  const base = Math.min(1000 * 2 ** Math.max(failures - 1, 0), 30_000);
  return Math.max(base, serverRetryMs ?? 0);
}

export interface EventStreamOptions {
  token: string;
  /** The book whose events to read; null for the personal book. */
  bookId?: number | null;
  onEvent: (event: ServerEvent) => void;
  signal: AbortSignal;
  /** Swappable in tests. */
  fetchImpl?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/**
 * Reads GET /api/events until `signal` aborts, reconnecting with backoff when the stream ends
 * or fails. A 401 means the token is gone: it stops rather than knocking forever.
 */
export async function runEventStream(options: EventStreamOptions): Promise<void> {
  const { token, onEvent, signal } = options;
  const bookId = options.bookId ?? null;
  const fetchImpl = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  let failures = 0;
  let retryMs: number | null = null;
  while (!signal.aborted) {
    const parser = new SseParser();
    try {
      const response = await fetchImpl(routeUrl('streamEvents'), {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}`, ...bookHeaders(bookId) },
        credentials: 'same-origin',
        cache: 'no-store',
        signal,
      });
      if (response.status === 401 || response.status === 403) return;
      if (response.status === 404) {
        // The book is gone: back to the personal book, whose stream replaces this one.
        const error = new ApiError(404, await response.json().catch(() => null));
        noteBookAnswer(bookId, 404, error.serverMessage);
      }
      if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        failures = 0;
        for (const event of parser.push(value)) onEvent(event);
      }
    } catch {
      if (signal.aborted) return;
    }
    retryMs = parser.retryMs ?? retryMs;
    failures += 1;
    await sleep(backoffMs(failures, retryMs), signal);
  }
}

type Listener = (event: ServerEvent) => void;
const listeners = new Set<Listener>();
let connection: { token: string; bookId: number | null; controller: AbortController } | null = null;

function reconcile(): void {
  const { token, user } = getSession();
  const { bookId } = chosenBookStore.get();
  // Spec §4: the subscription needs a user id, else it does nothing.
  const wanted = listeners.size > 0 && token !== null && user !== null && Number.isInteger(user.id) ? token : null;
  if (connection && connection.token === wanted && connection.bookId === bookId) return;
  connection?.controller.abort();
  connection = null;
  if (wanted === null) return;
  const controller = new AbortController();
  connection = { token: wanted, bookId, controller };
  void runEventStream({
    token: wanted,
    bookId,
    signal: controller.signal,
    onEvent: (event) => listeners.forEach((listener) => listener(event)),
  });
}

subscribeSession(reconcile);
chosenBookStore.subscribe(reconcile);

/** Listens to the chosen book's events; one shared stream, closed when nobody listens or on logout. */
export function subscribeUserEvents(listener: Listener): () => void {
  listeners.add(listener);
  reconcile();
  return () => {
    listeners.delete(listener);
    reconcile();
  };
}

/** Calls `handler` with the JSON data of each `name` event while the component is mounted. */
export function useUserEvent(name: string, handler: (data: unknown) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      subscribeUserEvents((event) => {
        if (event.event !== name) return;
        try {
          latest.current(JSON.parse(event.data) as unknown);
        } catch {
          // A malformed payload is dropped; the import screen also polls the job.
        }
      }),
    [name],
  );
}
