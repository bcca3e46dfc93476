/** The steps passkey tests repeat (DECISIONS.md #80): adding a soft passkey, and signing in with one. */
import type { FastifyInstance } from 'fastify';
import { STRONG_PASSWORD, asUser } from './test-app';
import { type Bent, SoftPasskey } from './soft-authenticator';

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
}

/** The registration options, asked for with the person's password. */
export async function registrationOptions(app: FastifyInstance, token: string): Promise<CreationOptions> {
  const response = await asUser(app, token, {
    method: 'POST',
    url: '/api/user/passkeys/registration-options',
    payload: { current_password: STRONG_PASSWORD },
  });
  if (response.statusCode !== 200)
    throw new Error(`registration-options answered ${response.statusCode}: ${response.body}`);
  return response.json<CreationOptions>();
}

/** Adds `passkey` (a new one unless given) to the person's account; returns it and the answer. */
export async function addPasskey(
  app: FastifyInstance,
  token: string,
  options: { name?: string; passkey?: SoftPasskey } = {},
) {
  const passkey = options.passkey ?? new SoftPasskey();
  const creation = await registrationOptions(app, token);
  const response = await asUser(app, token, {
    method: 'POST',
    url: '/api/user/passkeys',
    payload: {
      ...(options.name !== undefined && { name: options.name }),
      response: passkey.attest(creation),
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`adding a passkey answered ${response.statusCode}: ${response.body}`);
  return { passkey, added: response.json<{ id: number; name: string }>() };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: unknown[];
  userVerification?: string;
}

export async function loginOptions(app: FastifyInstance): Promise<RequestOptions> {
  const response = await app.inject({ method: 'POST', url: '/api/login/passkey/options' });
  if (response.statusCode !== 200)
    throw new Error(`login options answered ${response.statusCode}: ${response.body}`);
  return response.json<RequestOptions>();
}

/** POST /api/login/passkey with `passkey`'s answer to `options` (fresh options unless given). */
export async function passkeySignIn(
  app: FastifyInstance,
  passkey: SoftPasskey,
  bent: Bent = {},
  options?: RequestOptions,
) {
  const request = options ?? (await loginOptions(app));
  return app.inject({
    method: 'POST',
    url: '/api/login/passkey',
    payload: { response: passkey.assert(request, bent) },
  });
}
