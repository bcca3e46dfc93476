/**
 * Serialized answers of the heavy read routes, kept per book and per data revision.
 *
 * Every write to a book's money data bumps `books.data_revision` inside the database (triggers of
 * migrations 0008 and 0028), and the request's book — revision included — is read with the token on
 * every request. An answer is therefore reused only while the revision it was built at is still
 * the book's current one, whichever process or path wrote last. The revision is read before the
 * answer's data, so a stored answer is never older than the revision it is filed under.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type ContentCoding = 'br' | 'gzip';

/**
 * How hard each content coding compresses: `fast` for the request that waits for a freshly built
 * answer, `small` for the copy every later request reuses (docs/DECISIONS.md #61). On the
 * 2.3 MB all-accounts month brotli quality 1 takes about a tenth of quality 5's time and JSON.stringify's
 * own, for a body about 65 % larger (220 kB against 133 kB); quality 5 is as fast as gzip's default
 * and 28 % smaller than it, and higher qualities gain little and cost up to a hundred times more.
 */
const LEVELS = {
  fast: { br: 1, gzip: 1 },
  small: { br: 5, gzip: constants.Z_DEFAULT_COMPRESSION },
} as const;

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/** Compressed in libuv's thread pool, off the event loop. */
function compress(json: Buffer, coding: ContentCoding, effort: keyof typeof LEVELS): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(json, { level: LEVELS[effort].gzip });
  return brotliAsync(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: LEVELS[effort].br,
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
}

export interface CachedAnswer {
  /** Strong validator of the JSON text, quoted as the ETag header wants it. */
  etag: string;
  json: Buffer;
  /**
   * The JSON in a content coding, compressed when first asked for (most answers are only ever
   * asked for in brotli); null when the JSON is too small to be worth it.
   */
  encoded(coding: ContentCoding): Promise<Buffer> | null;
}

/**
 * An answer and its compressed copies. The first request for a coding waits only for the fast
 * compression; the smaller copy is made next, off the event loop, and replaces it for later
 * requests. `grow` is told of every change in the bytes held, for the cache's memory budget.
 */
class StoredAnswer implements CachedAnswer {
  readonly etag: string;
  private readonly encodings: Partial<Record<ContentCoding, Promise<Buffer>>> = {};

  /**
   * `coding` is what the request that built the answer will send: its compression starts first,
   * in the thread pool, and the hash of the ETag is worked out on this thread meanwhile.
   */
  constructor(
    readonly json: Buffer,
    private readonly grow: (bytes: number) => void,
    coding: ContentCoding | null = null,
  ) {
    if (coding) this.encoded(coding);
    this.etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  }

  encoded(coding: ContentCoding): Promise<Buffer> | null {
    if (this.json.length < COMPRESS_FROM_BYTES) return null;
    const kept = this.encodings[coding];
    if (kept) return kept;
    const fast = compress(this.json, coding, 'fast');
    this.encodings[coding] = fast;
    fast.then(
      (quick) => {
        this.grow(quick.length);
        this.refine(coding, quick);
      },
      () => delete this.encodings[coding],
    );
    return fast;
  }

  private refine(coding: ContentCoding, quick: Buffer): void {
    compress(this.json, coding, 'small').then(
      (small) => {
        if (small.length >= quick.length) return;
        this.encodings[coding] = Promise.resolve(small);
        this.grow(small.length - quick.length);
      },
      // The fast copy stays: it is correct, only larger.
      () => undefined,
    );
  }
}

interface BookAnswers {
  revision: number;
  answers: Map<string, Promise<CachedAnswer>>;
  bytes: number;
}

export class AnswerCache {
  /** Books in least-recently-used order (a Map iterates in insertion order; a hit re-inserts). */
  private readonly books = new Map<number, BookAnswers>();
  private bytes = 0;
  /** Answers reused and answers built, since start-up (the /metrics counters read them). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly maxBytes: number) {}

  /**
   * The answer for `key` at the book's `revision`: reused when built at that revision, otherwise
   * built by `compute` once, however many requests ask for it meanwhile. `coding` is the content
   * coding the asking request accepts, compressed into as soon as an answer is built.
   */
  answer(
    bookId: number,
    revision: number,
    key: string,
    compute: () => Promise<string>,
    coding: ContentCoding | null = null,
  ): Promise<CachedAnswer> {
    let bucket = this.books.get(bookId);
    if (bucket && bucket.revision > revision) {
      // A request that read an older revision than one already seen: answer it, keep nothing.
      this.counts.misses += 1;
      return compute().then((text) => new StoredAnswer(Buffer.from(text), () => undefined, coding));
    }
    if (!bucket || bucket.revision < revision) {
      this.drop(bookId);
      bucket = { revision, answers: new Map(), bytes: 0 };
    } else {
      this.books.delete(bookId);
    }
    this.books.set(bookId, bucket);

    const cached = bucket.answers.get(key);
    if (cached) {
      this.counts.hits += 1;
      return cached;
    }
    this.counts.misses += 1;
    const owner = bucket;
    const building = compute().then((text) => {
      const answer = new StoredAnswer(Buffer.from(text), (bytes) => this.charge(bookId, owner, bytes), coding);
      this.charge(bookId, owner, answer.json.length);
      return answer;
    });
    bucket.answers.set(key, building);
    building.catch(() => owner.answers.delete(key));
    return building;
  }

  /** Bytes held (the JSON and its compressed copies), for /metrics and tests. */
  get size(): number {
    return this.bytes;
  }

  /** The most it holds (ANSWER_CACHE_MB, DECISIONS.md #105). */
  get limit(): number {
    return this.maxBytes;
  }

  /** Counts `size` more bytes for the book's answers (when still held), then keeps to the budget. */
  private charge(bookId: number, bucket: BookAnswers, size: number): void {
    if (this.books.get(bookId) !== bucket) return;
    bucket.bytes += size;
    this.bytes += size;
    // Evict whole books, least recently used first; the newest book stays even when alone too big.
    for (const [oldest] of this.books) {
      if (this.bytes <= this.maxBytes || oldest === bookId) break;
      this.drop(oldest);
    }
    if (this.bytes > this.maxBytes) this.drop(bookId);
  }

  private drop(bookId: number): void {
    const bucket = this.books.get(bookId);
    if (!bucket) return;
    this.bytes -= bucket.bytes;
    this.books.delete(bookId);
  }
}
