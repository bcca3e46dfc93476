/**
 * A person's passkeys in Settings (DECISIONS.md #80): the options to add one (after the current
 * password), the browser's attestation verified and stored with a notice mailed, the list, removal.
 */
import { randomBytes } from 'node:crypto';
import {
  type AddPasskeyBody,
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyRegistrationOptionsBody,
} from '@mindspend/api-contract';
import { deviceLabel } from '@mindspend/domain';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyRow } from '../../db/passkey-schema';
import type { UserRow } from '../../db/schema';
import { writeAsUser } from '../../db/locked-writes';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, notFound, validationFailed } from '../../lib/http-errors';
import { hashToken } from '../../lib/tokens';
import { assertCurrentPassword, passkeyAddedNotice, type ReauthenticationSession } from '../users';
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
import { webAuthn } from './webauthn';
import {
  consumePasskeyChallenge,
  countPasskeys,
  deletePasskey,
  findPasskeyChallenge,
  insertPasskey,
  listPasskeys,
} from './passkeys.repo';

function present(row: PasskeyRow): Passkey {
  return { id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at };
}

/** 422 under `response`: the form shows it beside the passkey it could not add. */
const refuse = (problem: PasskeyProblem) => validationFailed({ response: [PASSKEY_MESSAGES[problem]] });
const tooMany = () => new HttpError(422, PASSKEY_MESSAGES.tooMany);

export async function listPasskeysOf(deps: AppDeps, user: UserRow): Promise<{ passkeys: Passkey[] }> {
  return { passkeys: (await listPasskeys(deps.db, user.id)).map(present) };
}

/**
 * The WebAuthn creation options, after the current password is checked again (DECISIONS.md #75):
 * a passkey signs in on its own, so a session alone must not be able to leave one behind. The
 * passkey must be discoverable (the sign-in names nobody) and verify its user (it is both
 * factors); the person's passkeys are excluded, so one authenticator is not added twice.
 */
export async function passkeyRegistrationOptions(
  deps: AppDeps,
  user: UserRow,
  body: PasskeyRegistrationOptionsBody,
  session: ReauthenticationSession,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const party = requireRelyingParty(deps.config);
  await assertCurrentPassword(deps, user, body.current_password, session);
  const existing = await listPasskeys(deps.db, user.id);
  if (existing.length >= MAX_PASSKEYS) throw tooMany();
  // One random handle per person, not their id or e-mail: authenticators keep it in the clear.
  const userHandle = existing[0]?.user_handle ?? randomBytes(32).toString('base64url');
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: user.email,
    userDisplayName: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email,
    userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credential_id,
      transports: knownTransports(passkey.transports.split(',')),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(deps, deps.db, options.challenge, {
    purpose: 'registration',
    userId: user.id,
    userHandle,
  });
  return options;
}

/**
 * The library's shape of the browser's answer. Extension outputs are left out: nothing here asks
 * for one, and the verification reads none.
 */
function registrationJson(credential: AddPasskeyBody['response']): RegistrationResponseJSON {
  const { response } = credential;
  return {
    id: credential.id,
    rawId: credential.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: response.clientDataJSON,
      attestationObject: response.attestationObject,
      authenticatorData: response.authenticatorData,
      transports: knownTransports(response.transports ?? []),
      publicKeyAlgorithm: response.publicKeyAlgorithm,
      publicKey: response.publicKey,
    },
    authenticatorAttachment: credential.authenticatorAttachment,
    clientExtensionResults: {},
  };
}

/** Verifies the attestation against the person's unused challenge; what it proves, or a 422. */
async function verifiedCredential(
  party: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
) {
  const { verifyRegistrationResponse } = await webAuthn();
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
    });
    if (verification.verified) return verification.registrationInfo.credential;
  } catch {
    // A malformed or forged attestation: the library says which check failed, the person needs only to retry.
  }
  throw refuse('notVerified');
}

/**
 * Adds the passkey the browser made for the options' challenge, which it uses up, and mails the
 * person a notice in the same transaction. Named as the person says, or after the device.
 */
export async function addPasskey(
  deps: AppDeps,
  user: UserRow,
  body: AddPasskeyBody,
  userAgent: string | undefined,
): Promise<Passkey> {
  const party = requireRelyingParty(deps.config);
  const clientData = readClientData(body.response.response.clientDataJSON);
  const badData = clientDataProblem(clientData, 'webauthn.create', party);
  if (badData || !clientData) throw refuse(badData ?? 'unreadable');
  const challengeHash = hashToken(clientData.challenge);
  const challenge = await findPasskeyChallenge(deps.db, challengeHash, 'registration');
  // Another person's challenge is as good as none to this one.
  const mine = challenge?.user_id === user.id ? challenge : undefined;
  const late = challengeProblem(mine, isoNow(deps.clock));
  if (late || !mine?.user_handle) throw refuse(late ?? 'expired');
  const credential = await verifiedCredential(party, registrationJson(body.response), clientData.challenge);

  const createdAt = isoNow(deps.clock);
  const name = body.name?.trim() || deviceLabel(userAgent);
  const notice = passkeyAddedNotice(user, { name, at: createdAt }, deps.config.SUPPORT_EMAIL);
  const userHandle = mine.user_handle;
  const { row, outboxId } = await writeAsUser(deps, user.id, async (trx) => {
    if (
      !(await consumePasskeyChallenge(
        trx,
        { hash: challengeHash, purpose: 'registration', userId: user.id },
        createdAt,
      ))
    ) {
      throw refuse('used');
    }
    if ((await countPasskeys(trx, user.id)) >= MAX_PASSKEYS) throw tooMany();
    const inserted = await insertPasskey(trx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: knownTransports(body.response.response.transports ?? []).join(','),
      userHandle,
      name,
      createdAt,
    });
    if (!inserted) throw refuse('alreadyAdded');
    return { row: inserted, outboxId: await deps.mailer.queue(trx, notice) };
  });
  void deps.mailer.deliver(deps.db, outboxId, notice);
  return present(row);
}

/** Removes at once: the passkey no longer signs in. */
export async function removePasskey(deps: AppDeps, user: UserRow, id: number): Promise<void> {
  await writeAsUser(deps, user.id, async (trx) => {
    if (!(await deletePasskey(trx, user.id, id))) throw notFound('Passkey');
  });
}
