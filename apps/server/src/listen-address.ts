/**
 * The address the server really listens on, as a URL for the start-up line (issue 35): the line
 * used to say `localhost` whatever HOST was, so an operator could not tell a server reachable only
 * from its own machine (127.0.0.1) from one open to the network (0.0.0.0).
 */
import type { AddressInfo } from 'node:net';

/** `http://127.0.0.1:3000`, `http://[::]:3000`; a Unix socket's path as it is. */
export function listenUrl(address: AddressInfo | string | null): string {
  if (address === null) return 'nowhere (the server is not listening)';
  if (typeof address === 'string') return address;
  const host =
    address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Who can reach that address, for the end of the line: everyone on the network, or this machine only. */
export function reachNote(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') return '';
  if (address.address === '0.0.0.0' || address.address === '::')
    return '; reachable on every network interface';
  if (address.address === '127.0.0.1' || address.address === '::1') {
    return '; reachable from this machine only (HOST=0.0.0.0 opens it to the network)';
  }
  return '';
}
