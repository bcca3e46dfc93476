/**
 * A software passkey for API tests (DECISIONS.md #80): an ES256 key pair of node:crypto that
 * answers WebAuthn options as a browser and an authenticator would together, with "none"
 * attestation, so tests sign real attestations and assertions the server verifies in full. Each
 * answer can be bent (origin, counter, user handle, credential id) to play an attacker.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** The few CBOR items attestation needs: integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface Bent {
  /** The origin the "browser" puts in the client data (the test app's is http://localhost:3000). */
  origin?: string;
  crossOrigin?: boolean;
  /** The signature counter to report; otherwise one more than the last. */
  counter?: number;
  /** The user handle to report; otherwise the one the passkey was made for. */
  userHandle?: string;
  /** The credential id to name; otherwise this passkey's. */
  credentialId?: string;
  /** The relying party id whose hash the authenticator data holds. */
  rpId?: string;
  /** Without user verification (a key without PIN or biometrics). */
  unverified?: boolean;
}

export class SoftPasskey {
  readonly credentialId = b64url(randomBytes(16));
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The user handle of the options it was made with. */
  userHandle = '';
  private counter = 0;

  constructor(readonly origin = 'http://localhost:3000') {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coordinate = (value: string | undefined) => Buffer.from(value ?? '', 'base64url');
    // kty EC2, alg ES256, crv P-256, x, y (RFC 9053).
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  private clientData(type: string, challenge: string, bent: Bent): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin: bent.origin ?? this.origin,
        crossOrigin: bent.crossOrigin ?? false,
      }),
    );
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The body of `POST /api/user/passkeys`'s `response`, answering the registration options. */
  attest(options: { challenge: string; rp: { id?: string }; user: { id: string } }, bent: Bent = {}) {
    this.userHandle = options.user.id;
    const id = Buffer.from(bent.credentialId ?? this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, this.coseKey()]);
    const flags = UP | AT | (bent.unverified ? 0 : UV);
    const authData = this.authenticatorData(bent.rpId ?? options.rp.id ?? 'localhost', flags, 0, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, bent)),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** The body of `POST /api/login/passkey`'s `response`, signing the sign-in options' challenge. */
  assert(options: { challenge: string; rpId?: string }, bent: Bent = {}) {
    this.counter = bent.counter ?? this.counter + 1;
    const flags = UP | (bent.unverified ? 0 : UV);
    const authData = this.authenticatorData(bent.rpId ?? options.rpId ?? 'localhost', flags, this.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bent);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    const id = bent.credentialId ?? this.credentialId;
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: bent.userHandle ?? this.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
