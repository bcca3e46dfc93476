/**
 * A stand-in push service for the API tests of push nudges (DECISIONS.md #103): an HTTP server on
 * 127.0.0.1 whose URLs are the endpoints of the devices a test makes. Like a real one it refuses a
 * request whose VAPID Authorization header does not verify (ES256 over the JWT with the key the
 * header names, `aud` the endpoint's origin, `exp` to come, `sub` given), and it decrypts the
 * `aes128gcm` body (RFC 8188 and RFC 8291) with the device's private key and auth secret, with
 * node:crypto alone: what a test reads is what a browser would have shown.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDevice {
  name: string;
  /** What PushSubscription.toJSON() would give the page: the body of POST /api/push/subscriptions. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface DeliveredPush {
  device: string;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  /** The VAPID public key the request was signed with. */
  vapidKey: string;
  ttl: string | undefined;
}

interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** The claims of a VAPID JWT once its ES256 signature verified with `key`; throws why not. */
function verifiedClaims(jwt: string, key: string): Record<string, unknown> {
  const [header, claims, signature] = jwt.split('.');
  if (!header || !claims || !signature) throw new Error('the JWT has not three parts');
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`the JWT is signed with ${alg}, not ES256`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the JWT signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** RFC 8291's key derivation and RFC 8188's one record, decrypted. */
function decrypt(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end -= 1;
  if (padded[end - 1] !== 2) throw new Error('the record has no last-record delimiter');
  return padded.subarray(0, end - 1).toString('utf8');
}

export class FakePushService {
  readonly delivered: DeliveredPush[] = [];
  /** Requests refused, with why (a bad signature, an undecryptable body). */
  readonly refused: string[] = [];
  private readonly devices = new Map<string, DeviceKeys>();
  private readonly answers = new Map<string, number[]>();

  private constructor(
    readonly origin: string,
    private readonly server: ReturnType<typeof createServer>,
  ) {}

  static async start(): Promise<FakePushService> {
    // The handler needs the service, which needs the server's port: it is filled in once listening.
    const made: { service?: FakePushService } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const status = made.service?.receive(req.url ?? '', req.headers, Buffer.concat(chunks)) ?? 500;
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const service = new FakePushService(`http://127.0.0.1:${port}`, server);
    made.service = service;
    return service;
  }

  /** A browser's subscription: a fresh P-256 key pair and auth secret, and an endpoint here. */
  device(name: string): FakeDevice {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(name, { ecdh, auth });
    return { name, subscription: { endpoint: `${this.origin}/push/${name}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } } };
  }

  /** The next requests to the device are answered with these statuses (then 201 again). */
  answerWith(name: string, ...statuses: number[]): void {
    this.answers.set(name, [...(this.answers.get(name) ?? []), ...statuses]);
  }

  /** The payloads a device received, in order. */
  to(name: string): Record<string, unknown>[] {
    return this.delivered.filter((push) => push.device === name).map((push) => push.payload);
  }

  private receive(url: string, headers: Record<string, string | string[] | undefined>, body: Buffer): number {
    const name = /^\/push\/([\w-]+)$/.exec(url)?.[1] ?? '';
    const device = this.devices.get(name);
    if (!device) return 404;
    const queued = this.answers.get(name);
    const status = queued?.shift();
    if (status !== undefined && status >= 300) return status;
    try {
      const match = /^vapid t=([\w.-]+), k=([\w-]+)$/.exec(String(headers.authorization ?? ''));
      if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${String(headers.authorization)}`);
      const claims = verifiedClaims(match[1], match[2]);
      if (claims.aud !== this.origin) throw new Error(`aud ${String(claims.aud)} is not ${this.origin}`);
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) throw new Error('exp has passed');
      if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error('no sub');
      if (headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${String(headers['content-encoding'])}`);
      const payload = JSON.parse(decrypt(body, device)) as Record<string, unknown>;
      this.delivered.push({ device: name, payload, vapidKey: match[2], ttl: headers.ttl as string | undefined });
      return status ?? 201;
    } catch (error) {
      this.refused.push(error instanceof Error ? error.message : String(error));
      return 400;
    }
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
