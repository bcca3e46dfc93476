/** The start-up line's address (issue 35): the one bound, never `localhost` in its place. */
import { describe, expect, it } from 'vitest';
import { listenUrl, reachNote } from './listen-address';

describe('listen address', () => {
  it('names the IPv4 or IPv6 address and the port bound', () => {
    expect(listenUrl({ address: '127.0.0.1', family: 'IPv4', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(listenUrl({ address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe('http://0.0.0.0:8080');
    expect(listenUrl({ address: '::', family: 'IPv6', port: 3000 })).toBe('http://[::]:3000');
    expect(listenUrl('/run/mindspend.sock')).toBe('/run/mindspend.sock');
  });

  it('says whether the network can reach it', () => {
    expect(reachNote({ address: '127.0.0.1', family: 'IPv4', port: 3000 })).toBe(
      '; reachable from this machine only (HOST=0.0.0.0 opens it to the network)',
    );
    expect(reachNote({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe(
      '; reachable on every network interface',
    );
    expect(reachNote({ address: '192.168.1.20', family: 'IPv4', port: 3000 })).toBe('');
  });
});
