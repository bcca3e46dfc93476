/**
 * Environment variables, parsed once with zod. Every variable here is listed in README.md; each
 * secret among them may come from a file instead, as NAME_FILE (config-secret-files.ts).
 */
import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SIGNUP_MODES } from '@mindspend/api-contract';
import { resolveSecretFiles } from './config-secret-files';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root: config.ts runs from apps/server/src (tsx) or apps/server/dist (built). */
export const REPO_ROOT = path.resolve(here, '..', '..', '..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** An empty value (VAR= in a shell or .env file) means "not set". */
function unsetWhenEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema);
}

/** Whether `pem` is an RSA private key node:crypto can sign with (RS256). */
function isRsaPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  // An empty value (DATABASE_URL= in a shell or .env file) means "not set": the embedded SQLite.
  DATABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
      .optional(),
  ),
  APP_URL: z.string().url().default('http://localhost:3000'),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps', 'web', 'dist')),
  SUPPORT_EMAIL: z.string().email().default('support@mindspend.app'),
  MAIL_FROM: z.string().default('Mindspend <no-reply@mindspend.app>'),
  SMTP_URL: z.string().optional(),
  PROMO_CODES: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  // Who may create an account (issue 28; DECISIONS.md #79): anyone, only someone holding a live
  // invitation to a book, or nobody.
  SIGNUP: z.enum(SIGNUP_MODES).default('open'),
  // A sign-in token ends after this many days unused, and after SESSION_MAX_DAYS in any case (DECISIONS.md #27).
  SESSION_IDLE_DAYS: z.coerce.number().int().positive().max(3650).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().positive().max(3650).default(365),
  // Encrypts two-factor secrets at rest (DECISIONS.md #28); unset, a random key kept in
  // DATA_DIR/two-factor.key (modules/two-factor/secret-box.ts), on SQLite only: PostgreSQL
  // requires it (DECISIONS.md #93, sharedKeyIssues below).
  TWO_FACTOR_ENCRYPTION_KEY: unsetWhenEmpty(z.string().min(32, 'TWO_FACTOR_ENCRYPTION_KEY must be at least 32 characters').optional()),
  // Signs the unsubscribe links of e-mails (DECISIONS.md #60); unset, a random key kept in
  // DATA_DIR/unsubscribe.key, on SQLite only (DECISIONS.md #93). Changing it makes the links
  // already sent stop working.
  UNSUBSCRIBE_SECRET: unsetWhenEmpty(z.string().min(32, 'UNSUBSCRIBE_SECRET must be at least 32 characters').optional()),
  TRUST_PROXY: booleanFlag.default(false),
  // Set, paid plans are charged through Stripe (DECISIONS.md #10); unset, by the local provider.
  STRIPE_SECRET_KEY: unsetWhenEmpty(
    z
      .string()
      .regex(
        /^(sk|rk)_/,
        'STRIPE_SECRET_KEY must be a secret or restricted key (sk_… or rk_…), not a publishable one',
      )
      .optional(),
  ),
  STRIPE_PRICE_ID: unsetWhenEmpty(z.string().optional()),
  // The browser's half of the Stripe pair: Stripe.js tokenizes the card with it (DECISIONS.md #30).
  STRIPE_PUBLISHABLE_KEY: unsetWhenEmpty(
    z
      .string()
      .regex(/^pk_/, 'STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…), never a secret one')
      .optional(),
  ),
  // Where the page loads Stripe.js and where the server calls Stripe's API: Stripe's own unless set
  // (a stand-in of either, as in the browser tests). The page's CSP allows exactly these origins.
  STRIPE_JS_URL: unsetWhenEmpty(
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'STRIPE_JS_URL must be an http:// or https:// URL')
      .default('https://js.stripe.com/clover/stripe.js'),
  ),
  STRIPE_API_URL: unsetWhenEmpty(
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'STRIPE_API_URL must be an http:// or https:// URL')
      .default('https://api.stripe.com'),
  ),
  // Both set, banks can be linked through Plaid (DECISIONS.md #8); unset, no bank provider.
  PLAID_CLIENT_ID: unsetWhenEmpty(z.string().optional()),
  PLAID_SECRET: unsetWhenEmpty(z.string().optional()),
  PLAID_ENV: unsetWhenEmpty(z.enum(['sandbox', 'production']).default('sandbox')),
  // Set, Plaid's API is called here instead of PLAID_ENV's host: a stand-in of it, as in the browser tests.
  PLAID_API_URL: unsetWhenEmpty(
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'PLAID_API_URL must be an http:// or https:// URL')
      .optional(),
  ),
  // Seals stored bank credentials (DECISIONS.md #106); unset, a random key kept in
  // DATA_DIR/bank-token.key, on SQLite only: on PostgreSQL banks are linked only with it set.
  BANK_TOKEN_ENCRYPTION_KEY: unsetWhenEmpty(z.string().min(32, 'BANK_TOKEN_ENCRYPTION_KEY must be at least 32 characters').optional()),
  // The only hosts a SimpleFIN setup token and its access URL may name (comma-separated); the
  // server contacts no other, whatever a token says.
  SIMPLEFIN_ALLOWED_HOSTS: unsetWhenEmpty(
    z
      .string()
      .default('beta-bridge.simplefin.org')
      .transform((list) => list.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean)),
  ),
  // Both set, European banks link through Enable Banking (DECISIONS.md #111): the application's id
  // and its RSA private key (PEM; `\n` may stand for a line break), which signs each request.
  ENABLE_BANKING_APP_ID: unsetWhenEmpty(z.string().trim().min(1).max(100).optional()),
  ENABLE_BANKING_PRIVATE_KEY: unsetWhenEmpty(
    z
      .string()
      .transform((pem) => pem.replace(/\\n/g, '\n').trim())
      .refine(isRsaPrivateKey, 'ENABLE_BANKING_PRIVATE_KEY must be the RSA private key (PEM) of the Enable Banking application')
      .optional(),
  ),
  // Enable Banking's API; set only to point the server at a stand-in of it, as in the tests.
  ENABLE_BANKING_API_URL: unsetWhenEmpty(
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'ENABLE_BANKING_API_URL must be an http:// or https:// URL')
      .default('https://api.enablebanking.com'),
  ),
  // Every linked bank syncs by itself this often, on whichever process is live (DECISIONS.md #106).
  BANK_SYNC_INTERVAL_MINUTES: z.coerce
    .number({ error: 'BANK_SYNC_INTERVAL_MINUTES must be a number of minutes' })
    .positive('BANK_SYNC_INTERVAL_MINUTES must be more than 0')
    .max(10080, 'BANK_SYNC_INTERVAL_MINUTES must be at most 10080 (a week)')
    .default(360),
  // Set, GET /metrics answers Prometheus text to a scraper sending it as a bearer token; unset,
  // /metrics is off (404) (DECISIONS.md #40). Long enough not to be guessed.
  METRICS_TOKEN: unsetWhenEmpty(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters long').optional()),
  // Single sign-on with OpenID Connect (issue 28; DECISIONS.md #81): the three together, or none.
  // The redirect URI to register at the provider is APP_URL + /api/auth/oidc/callback.
  OIDC_ISSUER_URL: unsetWhenEmpty(
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'OIDC_ISSUER_URL must be an https:// URL')
      .optional(),
  ),
  OIDC_CLIENT_ID: unsetWhenEmpty(z.string().max(255).optional()),
  OIDC_CLIENT_SECRET: unsetWhenEmpty(z.string().max(1024).optional()),
  // The text of the login page's single sign-on button (e.g. "Sign in with Authentik").
  OIDC_BUTTON_LABEL: unsetWhenEmpty(z.string().max(60, 'OIDC_BUTTON_LABEL must be at most 60 characters').default('Sign in with single sign-on')),
  // True, only single sign-on: password sign-in and password sign-up are hidden and refused.
  OIDC_ONLY: booleanFlag.default(false),
  // Where the exchange rates job fetches the ECB's reference rates XML (DECISIONS.md #87), e.g.
  // https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml; unset, nothing is fetched.
  FX_RATES_URL: unsetWhenEmpty(
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'FX_RATES_URL must be an http:// or https:// URL')
      .optional(),
  ),
  // True, webhooks may be sent to this server's own network in production too: plain http and
  // private addresses, for receivers on the LAN (DECISIONS.md #94). Only where every book owner is trusted.
  WEBHOOKS_ALLOW_PRIVATE_NETWORK: booleanFlag.default(false),
  // Web Push's VAPID key pair (issue 30; DECISIONS.md #103), both or neither, as
  // `npx web-push generate-vapid-keys` prints them; neither, a pair is made once in
  // DATA_DIR/vapid.json (SQLite only: on PostgreSQL push is off without them).
  VAPID_PUBLIC_KEY: unsetWhenEmpty(
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url without "=" (87 characters starting with B)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: unsetWhenEmpty(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url without "=" (43 characters)')
      .optional(),
  ),
  // Who push services may contact about this server's notifications; unset, mailto: SUPPORT_EMAIL.
  VAPID_SUBJECT: unsetWhenEmpty(
    z
      .string()
      .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL')
      .optional(),
  ),
  // Memory the answer cache may hold, in MB (lib/answer-cache.ts, DECISIONS.md #105): reused
  // ledger, budgets and insights answers with their compressed copies. 0 keeps none.
  ANSWER_CACHE_MB: z.coerce.number({ error: 'ANSWER_CACHE_MB must be a number of megabytes' }).int('ANSWER_CACHE_MB must be a whole number of megabytes').min(0).max(4096).default(32),
  // Attachments on transactions (issue 33; DECISIONS.md #107): the largest file, in MB; and the
  // S3-compatible bucket that keeps them for several processes. Without a bucket they are kept in
  // DATA_DIR/attachments, which serves one machine.
  ATTACHMENT_MAX_MB: z.coerce.number({ error: 'ATTACHMENT_MAX_MB must be a number of megabytes' }).int('ATTACHMENT_MAX_MB must be a whole number of megabytes').min(1).max(100).default(10),
  ATTACHMENTS_S3_BUCKET: unsetWhenEmpty(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'ATTACHMENTS_S3_BUCKET must be a bucket name: 3-63 lower-case letters, digits, "." or "-"').optional()),
  // Unset, the provider's own endpoint for the region; set for MinIO, Garage, R2 and the like (path-style).
  ATTACHMENTS_S3_ENDPOINT: unsetWhenEmpty(z.url({ error: 'ATTACHMENTS_S3_ENDPOINT must be a URL, e.g. http://127.0.0.1:9000' }).optional()),
  ATTACHMENTS_S3_REGION: z.string().min(1).default('us-east-1'),
  // Unset, the SDK's own chain (the instance's role, AWS_* variables) finds credentials.
  ATTACHMENTS_S3_ACCESS_KEY_ID: unsetWhenEmpty(z.string().optional()),
  ATTACHMENTS_S3_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string().optional()),
  // The commit this build was made from, for mindspend_build_info (build-info.ts); an image built
  // without its .git directory is given it (docker build --build-arg). Unset, `git rev-parse` says.
  GIT_COMMIT: unsetWhenEmpty(
    z
      .string()
      .regex(/^[0-9A-Za-z._-]{1,64}$/, 'GIT_COMMIT must be a commit id: letters, digits, ".", "_" or "-", 64 at most')
      .optional(),
  ),
});

/** The names of every variable, in order (the configuration-names test compares them with README.md and .env.example). */
export const CONFIG_NAMES = Object.keys(configSchema.shape);

/** A Stripe key alone cannot charge anything: the plan's price must come with it; Plaid's id and secret go together. */
const checkedConfigSchema = configSchema.superRefine((config, context) => {
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_PRICE_ID) {
    context.addIssue({
      code: 'custom',
      path: ['STRIPE_PRICE_ID'],
      message:
        'STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set (the price_… of the 9.99/month plan)',
    });
  }
  // The card is tokenized in the browser with the publishable key and charged with the secret key:
  // one without the other cannot take a payment (DECISIONS.md #30).
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_PUBLISHABLE_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: 'STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set (the pk_… the browser tokenizes cards with)',
    });
  }
  if (config.STRIPE_PUBLISHABLE_KEY && !config.STRIPE_SECRET_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'STRIPE_SECRET_KEY is required when STRIPE_PUBLISHABLE_KEY is set',
    });
  }
  // Plaid needs both halves of its credentials; one alone is a half-finished setup, not "off".
  if (config.PLAID_CLIENT_ID && !config.PLAID_SECRET) {
    context.addIssue({ code: 'custom', path: ['PLAID_SECRET'], message: 'PLAID_SECRET is required when PLAID_CLIENT_ID is set' });
  }
  if (Boolean(config.ENABLE_BANKING_APP_ID) !== Boolean(config.ENABLE_BANKING_PRIVATE_KEY)) {
    const missing = config.ENABLE_BANKING_APP_ID ? 'ENABLE_BANKING_PRIVATE_KEY' : 'ENABLE_BANKING_APP_ID';
    context.addIssue({ code: 'custom', path: [missing], message: 'ENABLE_BANKING_APP_ID and ENABLE_BANKING_PRIVATE_KEY are set together, or neither' });
  }
  if (config.PLAID_SECRET && !config.PLAID_CLIENT_ID) {
    context.addIssue({ code: 'custom', path: ['PLAID_CLIENT_ID'], message: 'PLAID_CLIENT_ID is required when PLAID_SECRET is set' });
  }
  // Plaid's credentials were sealed under PLAID_SECRET; on PostgreSQL they need a key every process
  // shares, which a key file of one machine's DATA_DIR is not (DECISIONS.md #93, #106).
  if (config.DATABASE_URL && config.PLAID_CLIENT_ID && !config.BANK_TOKEN_ENCRYPTION_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['BANK_TOKEN_ENCRYPTION_KEY'],
      message:
        'BANK_TOKEN_ENCRYPTION_KEY is required when DATABASE_URL and PLAID_CLIENT_ID are set: it seals the banks\' access tokens, and every process sharing the database needs the same value. Make one with `openssl rand -base64 48`; the tokens sealed under PLAID_SECRET are re-sealed under it at start-up.',
    });
  }
  // A VAPID public key without its private key cannot sign, and the reverse cannot be subscribed to.
  if (config.VAPID_PUBLIC_KEY && !config.VAPID_PRIVATE_KEY) {
    context.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PRIVATE_KEY is required when VAPID_PUBLIC_KEY is set (the pair signs push notifications)' });
  }
  if (config.VAPID_PRIVATE_KEY && !config.VAPID_PUBLIC_KEY) {
    context.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'VAPID_PUBLIC_KEY is required when VAPID_PRIVATE_KEY is set (browsers subscribe with it)' });
  }
  for (const issue of oidcIssues(config)) context.addIssue({ code: 'custom', ...issue });
  for (const issue of sharedKeyIssues(config)) context.addIssue({ code: 'custom', ...issue });
});

/** The keys every process on one PostgreSQL database must hold alike, and what each one keys. */
const SHARED_KEYS = [
  { name: 'TWO_FACTOR_ENCRYPTION_KEY', file: 'two-factor.key', keys: 'encrypts two-factor secrets' },
  { name: 'UNSUBSCRIBE_SECRET', file: 'unsubscribe.key', keys: 'signs unsubscribe links' },
] as const;

/**
 * On PostgreSQL the two keys come from the configuration, never from a key file of one machine's
 * DATA_DIR: processes on two machines would each make their own, and one could not read the
 * two-factor secrets the other sealed (DECISIONS.md #93). Checked here rather than in main.ts so
 * `npm run migrate` and `npm run reflection-emails` (which signs links with one of them) refuse
 * the same configuration the server does, before a deployment rolls out.
 */
function sharedKeyIssues(config: z.infer<typeof configSchema>): { path: string[]; message: string }[] {
  if (!config.DATABASE_URL) return [];
  return SHARED_KEYS.filter(({ name }) => config[name] === undefined).map(({ name, file, keys }) => ({
    path: [name],
    message:
      `${name} is required when DATABASE_URL is set: it ${keys}, and every process sharing the database, on any machine, needs the same value. ` +
      `Make one with \`openssl rand -base64 48\` and set it (or ${name}_FILE) for every process; ` +
      `if this server already kept DATA_DIR/${file}, use that file's content instead, so what it keyed keeps working.`,
  }));
}

const OIDC_TRIO = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
/** Hosts a plain-http issuer may have: a provider on this machine (tests, a local trial). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Single sign-on is all set or all unset (half a setup is a mistake, not "off"); a plain-http
 * issuer only on this machine, so tokens never cross a network in clear; OIDC_ONLY only with it
 * (DECISIONS.md #81).
 */
function oidcIssues(config: z.infer<typeof configSchema>): { path: string[]; message: string }[] {
  const set = OIDC_TRIO.filter((name) => config[name] !== undefined);
  const issues: { path: string[]; message: string }[] = [];
  if (set.length > 0 && set.length < OIDC_TRIO.length) {
    for (const name of OIDC_TRIO.filter((missing) => !set.includes(missing))) {
      issues.push({ path: [name], message: `${name} is required when ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set (single sign-on needs the issuer URL, the client id and the client secret)` });
    }
  }
  const issuer = config.OIDC_ISSUER_URL ? new URL(config.OIDC_ISSUER_URL) : null;
  if (issuer?.protocol === 'http:' && !LOOPBACK_HOSTS.has(issuer.hostname)) {
    issues.push({ path: ['OIDC_ISSUER_URL'], message: 'OIDC_ISSUER_URL must use https:// (plain http:// is only allowed for localhost or 127.0.0.1)' });
  }
  if (config.OIDC_ONLY && set.length === 0) {
    issues.push({ path: ['OIDC_ONLY'], message: 'OIDC_ONLY=true needs single sign-on set up (OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET)' });
  }
  return issues;
}

/** The single sign-on settings when all three are set (DECISIONS.md #81), else null: SSO is off. */
export function oidcSettings(config: Config): { issuer: URL; clientId: string; clientSecret: string } | null {
  if (!config.OIDC_ISSUER_URL || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return null;
  return { issuer: new URL(config.OIDC_ISSUER_URL), clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET };
}

export type Config = z.infer<typeof configSchema>;

/**
 * Reads the configuration from `env` (process.env by default), each secret from its NAME_FILE
 * when that is set; throws naming each bad variable and each file that cannot be read.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const secrets = resolveSecretFiles(env);
  const parsed = checkedConfigSchema.safeParse(secrets.env);
  const lines = [
    ...secrets.problems,
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
  ];
  if (lines.length > 0 || !parsed.success) throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  return parsed.data;
}
