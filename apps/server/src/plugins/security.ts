/** Security headers with a strict Content-Security-Policy, and the rate limiter used by public forms. */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppDeps } from '../deps';
import { databaseRateLimitStore } from './rate-limit-store';

/**
 * What the rate limiter needs (the shared store's database, time and log), whether a bank provider
 * is on, and how cards are entered (Stripe.js or our own fields).
 */
export type SecurityDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger'> &
  Partial<Pick<AppDeps, 'bankLink' | 'payments'>> & {
    /** The served web app's inline scripts as `'sha256-…'` sources (lib/inline-script-hashes.ts, DECISIONS.md #121). */
    inlineScripts?: readonly string[];
  };

/** Where Plaid's Link widget loads from, frames itself and calls home (DECISIONS.md #8). */
const PLAID_LINK = { script: 'https://cdn.plaid.com', frame: 'https://cdn.plaid.com', connect: 'https://*.plaid.com' };

/**
 * Where Stripe.js loads from, frames its card element and calls home (DECISIONS.md #30): the
 * origins of STRIPE_JS_URL and STRIPE_API_URL, nothing wider. Stripe's own script also frames
 * itself from its subdomains, which Stripe documents as `https://*.js.stripe.com`.
 */
export function stripeSources(payments: SecurityDeps['payments']): { script: string[]; frame: string[]; connect: string[] } {
  const entry = payments?.cardEntry;
  if (entry?.kind !== 'stripe-elements') return { script: [], frame: [], connect: [] };
  const js = new URL(entry.jsUrl).origin;
  const scripts = js === 'https://js.stripe.com' ? [js, 'https://*.js.stripe.com'] : [js];
  return { script: scripts, frame: scripts, connect: [new URL(entry.apiUrl).origin] };
}

/**
 * Headers that only a document (or a worker, whose script's answer sets its policy) acts on, and
 * HSTS, which the browser keeps for the whole host from the page's own answer, so that repeating
 * it on each of a page's forty scripts and reads adds nothing but bytes (DECISIONS.md #115). The
 * others helmet sets stay on every answer: nosniff (a file is never read as another type),
 * Referrer-Policy (a stylesheet's own governs what it loads) and Cross-Origin-Resource-Policy
 * (which guards exactly the subresources).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** What the browser says it will use an answer as (Sec-Fetch-Dest) when that is not a document or a worker. */
const SUBRESOURCE_DESTINATIONS = new Set(['script', 'style', 'image', 'font', 'empty', 'manifest', 'audio', 'video', 'track']);

/**
 * Whether an answer is fetched only as a subresource, so the document-only headers can go. Only
 * when the browser says so (a client without Sec-Fetch-Dest, an old browser or curl, keeps them
 * all), and never for HTML or SVG, which can always be opened as a document.
 */
export function isSubresource(destination: string | string[] | undefined, contentType: unknown): boolean {
  if (typeof destination !== 'string' || !SUBRESOURCE_DESTINATIONS.has(destination)) return false;
  const type = String(contentType ?? '').toLowerCase();
  return !type.startsWith('text/html') && !type.startsWith('image/svg+xml');
}

/** 'self' and the given sources, each once. */
const withSelf = (...sources: string[]) => [...new Set(["'self'", ...sources])];

export default fp(async function securityPlugin(app: FastifyInstance, deps: SecurityDeps) {
  // helmet's middleware is built once here: the Fastify wrapper rebuilt it, CSP parsing included,
  // on every request, a measurable share of a cached answer's cost.
  // Only with Plaid configured may the page load Plaid's Link widget (SimpleFIN and Enable Banking
  // need no script of theirs); otherwise the policy stays strictly same-origin.
  const plaid = Boolean(deps.bankLink?.plaid);
  // Likewise only with Stripe configured may it load Stripe.js (DECISIONS.md #30).
  const stripe = stripeSources(deps.payments);
  const frames = [...(plaid ? [PLAID_LINK.frame] : []), ...stripe.frame];
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The web app's first-paint script is inline, allowed by its hash alone (DECISIONS.md #121).
        scriptSrc: withSelf(...(deps.inlineScripts ?? []), ...(plaid ? [PLAID_LINK.script] : []), ...stripe.script),
        ...(frames.length > 0 && { frameSrc: [...new Set(frames)] }),
        // Mantine writes its CSS variables and component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for attachment thumbnails and a receipt's photo, fetched with the token (DECISIONS.md #114).
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: withSelf(...(plaid ? [PLAID_LINK.connect] : []), ...stripe.connect),
        // The service worker and the web app manifest, both same-origin (DECISIONS.md #35).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Reset links carry a token in the path: never send it on as a referrer.
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  // A script, stylesheet, image or API answer fetched by a page gets nothing from the headers that
  // govern a document: they cost about 700 bytes on each of its responses (DECISIONS.md #110).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isSubresource(request.headers['sec-fetch-dest'], reply.getHeader('content-type'))) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
    }
    done(null, payload);
  });
  // Account data must not stay in a shared computer's browser cache after sign-out. (The server
  // reuses answers itself; an API client can still revalidate with the ETag it was given.)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  await app.register(rateLimit, {
    global: false,
    // Several processes may share a PostgreSQL database, so they count in it together; a SQLite
    // file belongs to one process, whose memory store is exact and costs no query.
    ...(deps.dialect === 'postgres' && { store: databaseRateLimitStore(deps) }),
    // Fail open: when the database store errors (it logs why), the request goes through unlimited.
    // Refusing instead would lock everyone out of signing in while the database hiccups, and a
    // request that needs the database fails on its own anyway; whenever the database answers, the
    // limit holds.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
});

/** Route options that limit sign-in, sign-up and public forms per client address. */
export function rateLimited(perMinute: number) {
  return { rateLimit: { max: perMinute, timeWindow: '1 minute' } };
}
