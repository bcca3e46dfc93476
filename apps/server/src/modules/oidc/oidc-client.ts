/**
 * The OpenID Connect client (openid-client 6; DECISIONS.md #81): the provider's metadata is
 * discovered on first use and kept, not at start-up, so a provider that is down neither stops the
 * server nor stays broken once it is back; a failed discovery is tried again at the next sign-in.
 * openid-client does every check of the answer: state, the PKCE verifier at the token endpoint,
 * the ID token's signature, issuer, audience, expiry and nonce. openid-client itself is loaded
 * with the first sign-in, not by every server at start (DECISIONS.md #119).
 */
import type * as OpenId from 'openid-client';
import type { Clock } from '../../lib/clock';
import { OidcFailure } from './oidc-failure';

export interface OidcClientSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** APP_URL + /api/auth/oidc/callback: what the provider sends the browser back to. */
  redirectUri: string;
}

/** Who the provider says signed in. */
export interface ProviderIdentity {
  /** The issuer identifier as the provider's metadata states it. */
  issuer: string;
  subject: string;
  email: string | null;
  /** True only when the provider says so in so many words (`email_verified: true`). */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

/** What the start of a sign-in stored, to check its answer with. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Seconds a request to the provider may take before the sign-in is given up as unavailable. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Plain http only to the provider on this machine (config.ts refuses it for any other host). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

type OpenIdClient = typeof OpenId;
const openIdClient = (): Promise<OpenIdClient> => import('openid-client');

export class OidcClient {
  private server: Promise<OpenId.ServerMetadata> | null = null;
  private jwksCache: OpenId.ExportedJWKSCache | undefined;

  constructor(
    private readonly settings: OidcClientSettings,
    private readonly clock: Clock,
  ) {}

  /** The provider's authorization URL for a new sign-in (authorization code flow with PKCE). */
  async authorizationUrl(checks: SignInChecks): Promise<URL> {
    const client = await openIdClient();
    const config = this.configuration(client, await this.metadata());
    return client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * Redeems the code of the provider's answer (`query`, the callback's query string) and reads
   * who signed in from the checked ID token, or from the userinfo endpoint when the ID token
   * carries no e-mail (some providers keep claims there).
   */
  async finish(query: string, checks: SignInChecks): Promise<ProviderIdentity> {
    const client = await openIdClient();
    const server = await this.metadata();
    const config = this.configuration(client, server);
    try {
      const tokens = await client.authorizationCodeGrant(config, new URL(`${this.settings.redirectUri}?${query}`), {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcFailure('token', 'the provider answered without an ID token');
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string') profile = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      return {
        issuer: server.issuer,
        subject: claims.sub,
        email: typeof profile.email === 'string' ? profile.email : null,
        emailVerified: profile.email_verified === true,
        givenName: typeof profile.given_name === 'string' ? profile.given_name : null,
        familyName: typeof profile.family_name === 'string' ? profile.family_name : null,
      };
    } catch (error) {
      throw error instanceof OidcFailure ? error : new OidcFailure(failureKind(client, error), describe(error), { cause: error });
    } finally {
      this.jwksCache = client.getJwksCache(config) ?? this.jwksCache;
    }
  }

  /** The discovered metadata, fetched once; a failure is forgotten so the next sign-in tries again. */
  private metadata(): Promise<OpenId.ServerMetadata> {
    this.server ??= openIdClient()
      .then((client) =>
        client.discovery(this.settings.issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
          execute: this.insecure() ? [client.allowInsecureRequests] : [],
          timeout: PROVIDER_TIMEOUT_SECONDS,
        }),
      )
      .then((config) => config.serverMetadata())
      .catch((error: unknown) => {
        this.server = null;
        throw new OidcFailure('unavailable', `discovery of ${this.settings.issuer.href} failed: ${describe(error)}`, { cause: error });
      });
    return this.server;
  }

  /**
   * A configuration for one request, on the app's clock (the injected one that the rest of the
   * server counts time with, DECISIONS.md #27), with the signing keys already fetched.
   */
  private configuration(client: OpenIdClient, server: OpenId.ServerMetadata): OpenId.Configuration {
    const skewSeconds = Math.round((this.clock.now().getTime() - Date.now()) / 1000);
    const config = new client.Configuration(
      server,
      this.settings.clientId,
      { client_secret: this.settings.clientSecret, [client.clockSkew]: skewSeconds },
      clientAuthentication(client, server, this.settings.clientSecret),
    );
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
    if (this.insecure()) client.allowInsecureRequests(config);
    if (this.jwksCache) client.setJwksCache(config, this.jwksCache);
    return config;
  }

  private insecure(): boolean {
    return this.settings.issuer.protocol === 'http:' && LOOPBACK.has(this.settings.issuer.hostname);
  }
}

/**
 * client_secret_basic, OAuth's default, unless the provider offers only client_secret_post:
 * providers such as Authelia refuse a method other than the one the client is registered with.
 */
function clientAuthentication(client: OpenIdClient, server: OpenId.ServerMetadata, secret: string): OpenId.ClientAuth {
  const methods = server.token_endpoint_auth_methods_supported;
  return methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
    ? client.ClientSecretPost(secret)
    : client.ClientSecretBasic(secret);
}

/** Which message the login page shows for an error of openid-client or the network. */
function failureKind(client: OpenIdClient, error: unknown): 'token' | 'provider' | 'denied' | 'state' | 'unavailable' {
  if (error instanceof client.AuthorizationResponseError) return error.error === 'access_denied' ? 'denied' : 'provider';
  if (error instanceof client.ResponseBodyError) return 'provider';
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'OAUTH_INVALID_RESPONSE' && /state/i.test(describe(error))) return 'state';
  if (code.startsWith('OAUTH_')) return 'token';
  return 'unavailable';
}

/** The error's message and its cause's, for the log (never a token: openid-client names claims, not values). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
