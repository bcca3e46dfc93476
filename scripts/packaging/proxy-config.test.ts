// deploy/nginx.conf and deploy/Caddyfile held to the server's own rules (issue 35): a proxy that
// refused a body the server accepts would break backups and imports behind it, one that buffered
// the event stream would hold realtime updates back, and one that did not forward the client's
// address would make every client one to the rate limits.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKUP_MAX_BYTES } from '@mindspend/api-contract';
import { describe, expect, it } from 'vitest';
import { UPLOAD_BODY_LIMIT_BYTES } from '../../apps/server/src/modules/imports/imports.routes';
import {
  type Directive,
  caddyBytes,
  findAll,
  nginxBytes,
  nginxSeconds,
  parseCaddyfile,
  parseNginx,
} from './proxy-config';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** The largest request body a route of the server accepts: a backup to restore, or a statement upload. */
const largestBody = Math.max(BACKUP_MAX_BYTES, UPLOAD_BODY_LIMIT_BYTES);
const forwardedHeaders = ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host'];
const eventsPath = '/api/events';

const argsOf = (directives: readonly Directive[], name: string) =>
  directives.filter((directive) => directive.name === name).map((directive) => directive.args);

describe('proxy-config readers', () => {
  it('read sizes and times in each format', () => {
    expect(nginxBytes('110m')).toBe(110 * 1024 * 1024);
    expect(nginxBytes('512k')).toBe(512 * 1024);
    expect(nginxSeconds('1h')).toBe(3600);
    expect(nginxSeconds('90')).toBe(90);
    expect(caddyBytes('110MiB')).toBe(110 * 1024 * 1024);
    expect(caddyBytes('100MB')).toBe(100_000_000);
  });

  it('read blocks, and leave an environment placeholder of a Caddyfile as it is', () => {
    expect(parseNginx('a 1; b { c "x y"; } # note')).toEqual([
      { name: 'a', args: ['1'], children: null },
      { name: 'b', args: [], children: [{ name: 'c', args: ['x y'], children: null }] },
    ]);
    expect(parseCaddyfile('{$HOST:x.org} {\n\treverse_proxy {$UP:a:1} # note\n}\n')).toEqual([
      {
        name: '{$HOST:x.org}',
        args: [],
        children: [{ name: 'reverse_proxy', args: ['{$UP:a:1}'], children: null }],
      },
    ]);
    expect(() => parseNginx('a { b 1 }')).toThrow(/lacks its ";"/);
  });
});

describe('deploy/nginx.conf', () => {
  const config = parseNginx(read('deploy/nginx.conf'));
  // `server` is also an upstream's line; the server blocks are the ones with a block.
  const servers = findAll(config, 'server').filter((server) => server.children !== null);
  const tlsServers = servers.filter((server) =>
    argsOf(server.children ?? [], 'listen').some((args) => args.includes('ssl')),
  );

  it('serves over TLS, and redirects plain HTTP to it', () => {
    expect(tlsServers).toHaveLength(1);
    const plain = servers.filter((server) => !tlsServers.includes(server));
    expect(plain).toHaveLength(1);
    expect(
      plain.every((server) =>
        argsOf(server.children ?? [], 'return').some(
          (args) => args[0] === '301' && (args[1] ?? '').startsWith('https://'),
        ),
      ),
    ).toBe(true);
  });

  const server = tlsServers[0]?.children ?? [];
  const locations = findAll(server, 'location');

  it("accepts a body as large as the server's largest", () => {
    const [size = ''] = argsOf(server, 'client_max_body_size')[0] ?? [];
    expect(nginxBytes(size)).toBeGreaterThanOrEqual(largestBody);
    // No location sets a smaller limit of its own.
    expect(findAll(locations, 'client_max_body_size')).toEqual([]);
  });

  it('forwards the client address, scheme and host to every location', () => {
    const set = new Map(
      argsOf(server, 'proxy_set_header').map(([name = '', value = '']) => [name.toLowerCase(), value]),
    );
    for (const header of forwardedHeaders) expect(set.get(header.toLowerCase()), header).toMatch(/^\$\w+$/);
    // Overwritten with the connecting address: a client cannot choose the address the rate limits count.
    expect(set.get('x-forwarded-for')).toBe('$remote_addr');
    // nginx drops the server's proxy_set_header lines in a location that sets any of its own.
    expect(findAll(locations, 'proxy_set_header')).toEqual([]);
    expect(locations.every((location) => argsOf(location.children ?? [], 'proxy_pass').length === 1)).toBe(
      true,
    );
  });

  it('passes the event stream on unbuffered and keeps it open', () => {
    const events = locations.find((location) => location.args.join(' ') === eventsPath)?.children ?? [];
    expect(argsOf(events, 'proxy_buffering')).toEqual([['off']]);
    const [timeout = '0'] = argsOf(events, 'proxy_read_timeout')[0] ?? [];
    expect(nginxSeconds(timeout)).toBeGreaterThanOrEqual(3600);
  });
});

describe('deploy/Caddyfile', () => {
  const config = parseCaddyfile(read('deploy/Caddyfile'));
  const sites = config.filter(
    (directive) => directive.children && directive.name !== '' && !directive.name.startsWith('('),
  );

  it("has one site, which accepts a body as large as the server's largest", () => {
    expect(sites).toHaveLength(1);
    const site = sites[0]?.children ?? [];
    const maxSizes = findAll(findAll(site, 'request_body'), 'max_size');
    expect(maxSizes).toHaveLength(1);
    expect(caddyBytes(maxSizes[0]?.args[0] ?? '0')).toBeGreaterThanOrEqual(largestBody);
  });

  it('passes the event stream on as each event is written: flush_interval -1', () => {
    const events = findAll(config, 'handle').find((handle) => handle.args.join(' ') === eventsPath);
    const proxies = findAll(events?.children ?? [], 'reverse_proxy');
    expect(proxies).toHaveLength(1);
    expect(argsOf(proxies[0]?.children ?? [], 'flush_interval')).toEqual([['-1']]);
  });

  it('leaves the forwarded headers Caddy sets as they are, and sends traffic only to ready processes', () => {
    // Caddy sets X-Forwarded-For, -Proto and -Host on every proxied request by itself; the file
    // must neither remove nor replace them, nor trust a client's own (trusted_proxies).
    for (const headerUp of findAll(config, 'header_up')) {
      expect(forwardedHeaders.map((header) => header.toLowerCase())).not.toContain(
        (headerUp.args[0] ?? '').replace(/^[-+]/, '').toLowerCase(),
      );
    }
    expect(findAll(config, 'trusted_proxies')).toEqual([]);
    const snippets = new Map(
      config
        .filter((directive) => directive.name.startsWith('('))
        .map((snippet) => [snippet.name.slice(1, -1), snippet.children ?? []]),
    );
    for (const proxy of findAll(config, 'reverse_proxy')) {
      const settings = (proxy.children ?? []).flatMap((directive) =>
        directive.name === 'import' ? (snippets.get(directive.args[0] ?? '') ?? []) : [directive],
      );
      expect(argsOf(settings, 'health_uri')).toEqual([['/api/ready']]);
    }
  });
});
