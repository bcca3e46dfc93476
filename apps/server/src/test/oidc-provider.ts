/**
 * A real OpenID Connect provider for tests (oidc-provider 8, on 127.0.0.1 at a free port), with
 * accounts the test defines, a login page of its own (the login is the account id, the password
 * PROVIDER_PASSWORD), consent given in advance, and one way to hand out a doctored ID token: a
 * test sets `tamper` and the next token answer carries an ID token changed by it and signed again
 * with the provider's own key, as a provider gone wrong (or a token from elsewhere) would. Used by
 * the API tests (modules/oidc) and the browser test (apps/web/e2e/oidc.spec.ts). DECISIONS.md #81.
 */
import { generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** The password of every account at the test provider. */
export const PROVIDER_PASSWORD = 'provider-password';

export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export type IdTokenClaims = Record<string, unknown>;

export interface TestProvider {
  /** The issuer (and address) of the provider: http://127.0.0.1:<port>. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The people who can sign in, by login (the `sub`); a test adds its own. */
  readonly accounts: Map<string, ProviderAccount>;
  /** Set, the next ID token is changed by it and signed again with the provider's key. */
  tamper: ((claims: IdTokenClaims) => IdTokenClaims) | null;
  /**
   * Follows the provider's pages as a browser would, from the authorization URL through the
   * login form (as `login`) to the redirect back; answers that redirect's URL (the callback's).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export interface TestProviderOptions {
  /** Redirect URIs of the client (APP_URL + /api/auth/oidc/callback). */
  redirectUris: string[];
  /** Seconds an ID token is valid (the provider's default is an hour). */
  idTokenSeconds?: number;
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk: JsonWebKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };
  const accounts = new Map<string, ProviderAccount>();
  const clientId = 'mindspend-test';
  const clientSecret = 'mindspend-test-secret-of-a-decent-length';

  const provider = quietly(() => new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, response_types: ['code'], grant_types: ['authorization_code'] }],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['test-provider-cookie-key'] },
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    ttl: { IdToken: options.idTokenSeconds ?? 3600, AccessToken: 600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: () => ({ sub, ...account }) };
    },
    // A first-party client: consent is given in advance, so the login is the only page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const known = session.grantIdFor(client.clientId);
      if (known) return ctx.oidc.provider.Grant.find(known);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  }));
  const test: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamper: null,
    signIn: (url, login) => followSignIn(url, login, options.redirectUris),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  provider.use(async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (ctx.path === '/token' && test.tamper && isTokenAnswer(body)) {
      body.id_token = resign(body.id_token, test.tamper, privateKey);
      test.tamper = null;
    }
  });
  const providerHandler = provider.callback();
  handle = (req, res) => {
    if (req.url?.startsWith('/interaction/')) void loginPage(provider, accounts, req, res);
    else providerHandler(req, res);
  };
  return test;
}

/** Runs `build` with the provider's reminders that it is set up for development left out. */
function quietly<T>(build: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args);
  };
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

/** The provider's login page: a form (GET), and its check of the login and password (POST). */
async function loginPage(provider: Provider, accounts: Map<string, ProviderAccount>, req: IncomingMessage, res: ServerResponse) {
  try {
    const { uid } = await provider.interactionDetails(req, res);
    if (req.method !== 'POST') return sendPage(res, uid, '');
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const form = new URLSearchParams(raw);
    const login = form.get('login') ?? '';
    if (!accounts.has(login) || form.get('password') !== PROVIDER_PASSWORD) return sendPage(res, uid, 'Wrong login or password.');
    await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
  } catch (error) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
  }
}

function sendPage(res: ServerResponse, uid: string, problem: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body style="font-family: sans-serif; max-width: 22rem; margin: 3rem auto">
<h1>Test identity provider</h1>
${problem ? `<p role="alert">${problem}</p>` : ''}
<form method="post" action="/interaction/${uid}">
<p><label>Login <input name="login" autocomplete="username" required></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p>
</form></body></html>`);
}

function isTokenAnswer(body: unknown): body is { id_token: string } {
  return typeof body === 'object' && body !== null && typeof (body as { id_token?: unknown }).id_token === 'string';
}

/** The ID token with its claims changed, signed again (RS256) with the provider's key. */
function resign(idToken: string, change: (claims: IdTokenClaims) => IdTokenClaims, key: KeyObject): string {
  const [header = '', payload = ''] = idToken.split('.');
  const claims = change(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as IdTokenClaims);
  const signingInput = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), key).toString('base64url')}`;
}

/** Follows redirects with the provider's cookies, submitting its login form, until it sends the browser back. */
async function followSignIn(start: string, login: string, redirectUris: string[]): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(start);
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 10; step++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      ...(body && { body }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      cookies.set(name, value);
    }
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      await response.arrayBuffer();
      url = new URL(location, url);
      if (redirectUris.some((uri) => url.href.startsWith(uri))) return url;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action || !page.includes('name="login"') || page.includes('role="alert"')) {
      throw new Error(`the provider answered ${response.status} without its login form:\n${page.slice(0, 800)}`);
    }
    url = new URL(action, url);
    body = new URLSearchParams({ login, password: PROVIDER_PASSWORD });
  }
  throw new Error('the provider did not send the browser back within 10 steps');
}
