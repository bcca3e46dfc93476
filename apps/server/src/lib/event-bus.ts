/**
 * Realtime events to a user's channel (DECISIONS.md #9). One process delivers them in memory; with
 * PostgreSQL they go through NOTIFY/LISTEN so every server process behind a load balancer sees
 * them (ARCHITECTURE.md convention 11: nothing lives only in one process's memory).
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';

export interface RealtimeEvent {
  channel: string;
  event: string;
  data: unknown;
}

export type Listener = (event: RealtimeEvent) => void;

export interface EventBus {
  publish(event: RealtimeEvent): Promise<void>;
  /** Calls `listener` for every event on `channel`; returns the unsubscribe function. */
  subscribe(channel: string, listener: Listener): () => void;
  close(): Promise<void>;
}

/** The channel of a book's events: every member signed in to the book hears them. */
export function bookChannel(bookId: number): string {
  return `book-${bookId}-channel`;
}

/**
 * The channel of one member's events in a book: what is theirs alone, such as an import's progress,
 * which names the account (a private one's name is not the other members' to hear: DECISIONS.md #84).
 */
export function memberChannel(bookId: number, userId: number): string {
  return `book-${bookId}-member-${userId}-channel`;
}

/** Delivers events to subscribers of this process. */
export class LocalEventBus implements EventBus {
  protected readonly emitter = new EventEmitter();

  constructor() {
    // Each open event stream is one listener; many tabs of many users are expected.
    this.emitter.setMaxListeners(0);
  }

  async publish(event: RealtimeEvent): Promise<void> {
    this.emitter.emit(event.channel, event);
  }

  subscribe(channel: string, listener: Listener): () => void {
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Events through PostgreSQL NOTIFY, received by every process that LISTENs on the same channel. */
export class PostgresEventBus extends LocalEventBus {
  private constructor(
    private readonly listener: pg.Client,
    private readonly pool: pg.Pool,
    private readonly pgChannel: string,
  ) {
    super();
  }

  /** Connects a dedicated LISTEN connection; `namespace` keeps separate databases' events apart. */
  static async connect(connectionString: string, namespace: string): Promise<PostgresEventBus> {
    const pgChannel = `mindspend_events_${namespace.replace(/[^a-z0-9_]/gi, '_')}`.slice(0, 63);
    const listener = new pg.Client({ connectionString });
    await listener.connect();
    const bus = new PostgresEventBus(listener, new pg.Pool({ connectionString, max: 2 }), pgChannel);
    listener.on('notification', (message) => {
      if (!message.payload) return;
      const event = JSON.parse(message.payload) as RealtimeEvent;
      bus.emitter.emit(event.channel, event);
    });
    await listener.query(`LISTEN "${pgChannel}"`);
    return bus;
  }

  override async publish(event: RealtimeEvent): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [this.pgChannel, JSON.stringify(event)]);
  }

  override async close(): Promise<void> {
    await super.close();
    await this.listener.end();
    await this.pool.end();
  }
}
