/**
 * Single sign-on as the browser and the web app drive it, for the API tests (DECISIONS.md #81):
 * the start route, the provider's pages (test/oidc-provider.ts), the callback with the browser's
 * state cookie, and the hand-over code the callback puts in the web app's URL fragment.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';
import { startTestProvider, type TestProvider, type TestProviderOptions } from './oidc-provider';

export const APP_URL = 'http://localhost:3000';
export const CALLBACK_URL = `${APP_URL}/api/auth/oidc/callback`;

/** A provider and an app configured for it; `overrides` go to the app's configuration. */
export async function startWithProvider(
  overrides: Record<string, string> = {},
  providerOptions: Partial<TestProviderOptions> = {},
  appOptions: TestAppOptions = {},
): Promise<{ t: TestApp; provider: TestProvider }> {
  const provider = await startTestProvider({ redirectUris: [CALLBACK_URL], ...providerOptions });
  const t = await createTestApp(
    {
      APP_URL,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      ...overrides,
    },
    appOptions,
  );
  return { t, provider };
}

export interface StartedSignIn {
  /** The `Cookie` header the browser sends back to the callback. */
  cookie: string;
  /** Where the start route sent the browser. */
  authorizationUrl: string;
}

/** GET /api/auth/oidc/start; fails the test unless it redirects to the provider with a state cookie. */
export async function startSignIn(app: FastifyInstance, query = ''): Promise<StartedSignIn> {
  const response = await app.inject({ method: 'GET', url: `/api/auth/oidc/start${query}` });
  if (response.statusCode !== 302) throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  const setCookie = [response.headers['set-cookie'] ?? []].flat()[0] ?? '';
  return { cookie: setCookie.split(';')[0] ?? '', authorizationUrl: String(response.headers.location) };
}

/** The provider's redirect back, delivered to the app's callback by the browser with `cookie`. */
export function callback(app: FastifyInstance, redirect: URL, cookie: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/api/auth/oidc/callback${redirect.search}`, headers: cookie ? { cookie } : {} });
}

/** The hand-over code of a callback's redirect to the web app, or null when it went to the login page. */
export function handoverCode(response: LightMyRequestResponse): string | null {
  const location = String(response.headers.location ?? '');
  return /^\/auth\/oidc#code=([\w-]+)$/.exec(location)?.[1] ?? null;
}

/** The `sso_error` of a callback's redirect to the login page, or null. */
export function ssoError(response: LightMyRequestResponse): string | null {
  const location = String(response.headers.location ?? '');
  return /^\/login\?sso_error=(\w+)$/.exec(location)?.[1] ?? null;
}

/** Start, the provider's login as `login`, and the callback: the callback's answer. */
export async function signInAtProvider(app: FastifyInstance, provider: TestProvider, login: string, query = ''): Promise<LightMyRequestResponse> {
  const started = await startSignIn(app, query);
  const redirect = await provider.signIn(started.authorizationUrl, login);
  return callback(app, redirect, started.cookie);
}

/** POST /api/auth/oidc/exchange with the code, as the web app's /auth/oidc page does. */
export function exchange(app: FastifyInstance, code: string | null, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0') {
  return app.inject({ method: 'POST', url: '/api/auth/oidc/exchange', headers: { 'user-agent': userAgent }, payload: { code: code ?? '' } });
}

/** A whole single sign-on as `login`, to the session: fails the test if any step does not work. */
export async function ssoSession(app: FastifyInstance, provider: TestProvider, login: string, query = '') {
  const code = handoverCode(await signInAtProvider(app, provider, login, query));
  const answer = await exchange(app, code);
  if (answer.statusCode !== 200) throw new Error(`exchange answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<{ api_token: string; user: { id: number; email: string; has_password: boolean } }>();
}
