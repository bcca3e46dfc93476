/**
 * Serialized answers of the heavy read routes, kept per user and per data revision.
 *
 * Every write to a user's money data bumps `users.data_revision` inside the database (triggers of
 * migration 0008), and the signed-in user's row — revision included — is read with the token on
 * every request. An answer is therefore reused only while the revision it was built at is still
 * the user's current one, whichever process or path wrote last. The revision is read before the
 * answer's data, so a stored answer is never older than the revision it is filed under.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli quality 5: on a 448 kB ledger month it is as fast as gzip's default (~5 ms) and 28 %
 * smaller (30 kB against 42 kB); higher qualities gain little and cost up to a hundred times more.
 */
const BROTLI_QUALITY = 5;

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

export interface CachedAnswer {
  /** Strong validator of the JSON text, quoted as the ETag header wants it. */
  etag: string;
  json: Buffer;
  /** The JSON compressed (in libuv's thread pool, off the event loop); null when small. */
  compressed: { br: Buffer; gzip: Buffer } | null;
}

interface UserAnswers {
  revision: number;
  answers: Map<string, Promise<CachedAnswer>>;
  bytes: number;
}

async function buildAnswer(jsonText: string): Promise<CachedAnswer> {
  const json = Buffer.from(jsonText);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  if (json.length < COMPRESS_FROM_BYTES) return { etag, json, compressed: null };
  const [br, gzipped] = await Promise.all([
    brotliAsync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
    gzipAsync(json),
  ]);
  return { etag, json, compressed: { br, gzip: gzipped } };
}

export class AnswerCache {
  /** Users in least-recently-used order (a Map iterates in insertion order; a hit re-inserts). */
  private readonly users = new Map<number, UserAnswers>();
  private bytes = 0;
  /** Answers reused and answers built, since start-up (the /metrics counters read them). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly maxBytes: number) {}

  /**
   * The answer for `key` at the user's `revision`: reused when built at that revision, otherwise
   * built by `compute` once, however many requests ask for it meanwhile.
   */
  answer(
    userId: number,
    revision: number,
    key: string,
    compute: () => Promise<string>,
  ): Promise<CachedAnswer> {
    let bucket = this.users.get(userId);
    if (bucket && bucket.revision > revision) {
      // A request that read an older revision than one already seen: answer it, keep nothing.
      this.counts.misses += 1;
      return compute().then(buildAnswer);
    }
    if (!bucket || bucket.revision < revision) {
      this.drop(userId);
      bucket = { revision, answers: new Map(), bytes: 0 };
    } else {
      this.users.delete(userId);
    }
    this.users.set(userId, bucket);

    const cached = bucket.answers.get(key);
    if (cached) {
      this.counts.hits += 1;
      return cached;
    }
    this.counts.misses += 1;
    const building = compute().then(buildAnswer);
    bucket.answers.set(key, building);
    const owner = bucket;
    building.then(
      (answer) => this.account(userId, owner, answer),
      () => owner.answers.delete(key),
    );
    return building;
  }

  /** Bytes held, for tests and the README's memory figures. */
  get size(): number {
    return this.bytes;
  }

  private account(userId: number, bucket: UserAnswers, answer: CachedAnswer): void {
    if (this.users.get(userId) !== bucket) return;
    const size =
      answer.json.length +
      (answer.compressed ? answer.compressed.br.length + answer.compressed.gzip.length : 0);
    bucket.bytes += size;
    this.bytes += size;
    // Evict whole users, least recently used first; the newest user stays even when alone too big.
    for (const [oldest] of this.users) {
      if (this.bytes <= this.maxBytes || oldest === userId) break;
      this.drop(oldest);
    }
    if (this.bytes > this.maxBytes) this.drop(userId);
  }

  private drop(userId: number): void {
    const bucket = this.users.get(userId);
    if (!bucket) return;
    this.bytes -= bucket.bytes;
    this.users.delete(userId);
  }
}
