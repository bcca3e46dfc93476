/**
 * Where a webhook may send (DECISIONS.md #94). A webhook is a URL that someone else chose, and the
 * server calls it: left open, an owner of a book could make the server call inside its own network
 * (a database port, a cloud's metadata address, an admin page on localhost). So in production a
 * webhook is https:// only and its host must resolve to public addresses only; the check is made
 * on the address the connection actually uses (webhook-sender.ts), so a name that resolves to a
 * public address when the webhook is saved and to a private one later is refused when it sends.
 * Outside production (a trial on a laptop, the tests' local receiver) any http(s) address is allowed.
 */
import { BlockList, isIP } from 'node:net';

export interface AddressPolicy {
  /** True in production: https only, and public addresses only. */
  publicOnly: boolean;
}

export const WEBHOOK_ADDRESS_MESSAGES = {
  httpsOnly: 'Webhooks are sent over https:// only: use an https:// URL.',
  privateAddress:
    'This address is inside a private network (or this server itself); webhooks are only sent to public addresses.',
  credentials: 'Put no user name or password in the URL; check the signature header instead.',
} as const;

/** The refusal of a private or loopback address, which push nudges word their own way (DECISIONS.md #103). */
export const WEBHOOK_ADDRESS_PRIVATE = WEBHOOK_ADDRESS_MESSAGES.privateAddress;

/** Ranges that are not the public internet: loopback, private, link-local, shared, reserved, multicast. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one maps (`::ffff:10.0.0.1`), else undefined. */
function mappedIpv4(address: string): string | undefined {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1];
}

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const mapped = mappedIpv4(address);
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as an address, without IPv6's brackets; undefined when it is a name. */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : undefined;
}

/**
 * Why the server will not send to `url` under `policy`, or null when it may try (the resolved
 * address is checked again when it connects). Checks what the URL itself says: its scheme, an
 * address written in it, and names that always mean this machine.
 */
export function refusedUrl(url: URL, policy: AddressPolicy): string | null {
  if (url.username || url.password) return WEBHOOK_ADDRESS_MESSAGES.credentials;
  if (!policy.publicOnly) return null;
  if (url.protocol !== 'https:') return WEBHOOK_ADDRESS_MESSAGES.httpsOnly;
  const literal = literalAddress(url);
  if (literal !== undefined) return isPublicAddress(literal) ? null : WEBHOOK_ADDRESS_MESSAGES.privateAddress;
  const host = url.hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
    return WEBHOOK_ADDRESS_MESSAGES.privateAddress;
  return null;
}
