/**
 * Signing in with a passkey (DECISIONS.md #80): usernameless options with a stored challenge, then
 * the browser's assertion checked (challenge, origin, owner, signature, counter) and the person
 * signed in exactly as the password does. The passkey verified its user, so it stands for both
 * factors: no two-factor code is asked.
 */
import {
  type AuthResponse,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_MESSAGES,
  type PasskeyLoginBody,
} from '@mindspend/api-contract';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { PasskeyRow } from '../../db/passkey-schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError } from '../../lib/http-errors';
import { hashToken } from '../../lib/tokens';
import { type SignInClient, signIn } from '../auth';
import { findUserById } from '../users';
import {
  challengeProblem,
  clientDataProblem,
  knownTransports,
  type PasskeyProblem,
  readClientData,
  type RelyingParty,
  requireRelyingParty,
  storeChallenge,
} from './ceremony';
import {
  advancePasskeyCounter,
  consumePasskeyChallenge,
  findPasskeyByCredentialId,
  findPasskeyChallenge,
} from './passkeys.repo';
import { webAuthn } from './webauthn';

/** 401 with the reason, as a refused password is: the sign-in page shows the server's words. */
const refuse = (problem: PasskeyProblem) => new HttpError(401, PASSKEY_MESSAGES[problem]);

/** Options for `startAuthentication()`: no credentials listed, the person picks a passkey of this site. */
export async function passkeyLoginOptions(deps: AppDeps): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const party = requireRelyingParty(deps.config);
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: party.id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await storeChallenge(deps, deps.db, options.challenge, {
    purpose: 'authentication',
    userId: null,
    userHandle: null,
  });
  return options;
}

/** The library's shape of the assertion; extension outputs are left out, as nothing asks for one. */
function authenticationJson(credential: PasskeyLoginBody['response']): AuthenticationResponseJSON {
  return {
    id: credential.id,
    rawId: credential.rawId,
    type: 'public-key',
    response: credential.response,
    authenticatorAttachment: credential.authenticatorAttachment,
    clientExtensionResults: {},
  };
}

/**
 * The signature counter the assertion reports, once its signature verifies with the passkey's key
 * and it shows user verification; 401 otherwise. The library is given counter 0, which turns its
 * own counter rule off: the rule is the update that records the sign-in (advancePasskeyCounter),
 * which holds for racing sign-ins too, and its refusal says what it means.
 */
async function verifiedCounter(
  party: RelyingParty,
  passkey: PasskeyRow,
  response: AuthenticationResponseJSON,
  challenge: string,
) {
  const { verifyAuthenticationResponse } = await webAuthn();
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: 0,
        transports: knownTransports(passkey.transports.split(',')),
      },
      requireUserVerification: true,
    });
    if (verification.verified) return verification.authenticationInfo.newCounter;
  } catch {
    // A bad signature or flags: whoever sent it learns no more than that it failed.
  }
  throw refuse('notVerified');
}

/**
 * Signs in with the assertion: 401 with the reason, and no session, for a challenge that was never
 * issued, has expired or was used, client data of another origin, a passkey nobody registered or
 * that the answer ties to another person, a bad signature, or a counter that went backwards. The
 * challenge is used up and the counter moved in the transaction that issues the session.
 */
export async function signInWithPasskey(
  deps: AppDeps,
  body: PasskeyLoginBody,
  client: SignInClient,
): Promise<AuthResponse> {
  const party = requireRelyingParty(deps.config);
  const credential = body.response;
  const clientData = readClientData(credential.response.clientDataJSON);
  const badData = clientDataProblem(clientData, 'webauthn.get', party);
  if (badData || !clientData) throw refuse(badData ?? 'unreadable');
  const challengeHash = hashToken(clientData.challenge);
  const late = challengeProblem(
    await findPasskeyChallenge(deps.db, challengeHash, 'authentication'),
    isoNow(deps.clock),
  );
  if (late) throw refuse(late);

  const passkey = await findPasskeyByCredentialId(deps.db, credential.id);
  // The user handle is whose account the authenticator holds the passkey for: it must be the owner's.
  const handle = credential.response.userHandle;
  if (!passkey || (handle !== undefined && handle !== passkey.user_handle)) throw refuse('notRecognized');
  const counter = await verifiedCounter(party, passkey, authenticationJson(credential), clientData.challenge);
  const user = await findUserById(deps.db, passkey.user_id);
  if (!user) throw refuse('notRecognized');

  // The challenge first: of two sign-ins racing one challenge, the loser is told it was used.
  return signIn(deps, user, client, async (trx) => {
    const now = isoNow(deps.clock);
    if (
      !(await consumePasskeyChallenge(
        trx,
        { hash: challengeHash, purpose: 'authentication', userId: null },
        now,
      ))
    ) {
      throw refuse('used');
    }
    if (!(await advancePasskeyCounter(trx, passkey.id, counter, now))) throw refuse('counterBackwards');
  });
}
