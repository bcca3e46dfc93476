/**
 * One HTTP POST of a delivery (DECISIONS.md #94). With a public-only policy the connection's own
 * address lookup refuses private addresses (webhook-address.ts), so what is checked is what is
 * connected to; redirects are not followed (a 3xx is a failed try: the receiver must answer
 * itself); the answer's body is read no further than needed and never stored.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  type AddressPolicy,
  WEBHOOK_ADDRESS_MESSAGES,
  isPublicAddress,
  literalAddress,
} from './webhook-address';

/** A receiver slower than this is a failed try (it is tried again later). */
export const SEND_TIMEOUT_MS = 10_000;

export type SendOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

export interface WebhookRequest {
  url: string;
  /** Text, or bytes (a push notification's encrypted body, DECISIONS.md #103). */
  body: string | Buffer;
  headers: Record<string, string>;
}

/** Sends one delivery; never throws. */
export type WebhookSender = (request: WebhookRequest, policy: AddressPolicy) => Promise<SendOutcome>;

class RefusedAddress extends Error {}

/** dns.lookup, refusing every answer that is not a public address. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((entry) => isPublicAddress(entry.address));
    if (allowed.length === 0)
      return callback(new RefusedAddress(WEBHOOK_ADDRESS_MESSAGES.privateAddress), '', 0);
    if (options.all) return callback(null, allowed);
    const [first] = allowed;
    return callback(null, first?.address ?? '', first?.family ?? 4);
  });
};

function failure(error: unknown): string {
  if (error instanceof RefusedAddress) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'The receiver refused the connection.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The receiver’s host name could not be found.';
  if (code === 'ECONNRESET') return 'The receiver closed the connection.';
  return `The delivery could not be sent: ${error instanceof Error ? error.message : String(error)}`.slice(
    0,
    300,
  );
}

export const sendWebhook: WebhookSender = (request, policy) =>
  new Promise((resolve) => {
    const url = new URL(request.url);
    const literal = literalAddress(url);
    if (policy.publicOnly && literal !== undefined && !isPublicAddress(literal)) {
      resolve({ ok: false, status: null, error: WEBHOOK_ADDRESS_MESSAGES.privateAddress });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        timeout: SEND_TIMEOUT_MS,
        ...(policy.publicOnly && { lookup: publicLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The body is not needed; reading it lets the socket close (or be reused) cleanly.
        response.resume();
        if (status >= 200 && status < 300) resolve({ ok: true, status });
        else
          resolve({
            ok: false,
            status,
            error: `The receiver answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}.`,
          });
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy();
      resolve({
        ok: false,
        status: null,
        error: `The receiver did not answer within ${SEND_TIMEOUT_MS / 1000} seconds.`,
      });
    });
    outgoing.on('error', (error) => resolve({ ok: false, status: null, error: failure(error) }));
    outgoing.end(request.body);
  });
