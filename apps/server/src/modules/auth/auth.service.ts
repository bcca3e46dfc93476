/** Sign-up, sign-in and sign-out; the password workflows are in passwords.service.ts. */
import type { AuthResponse, LoginBody, LoginResponse, RegisterBody } from '@mindspend/api-contract';
import { DEFAULT_TIME_ZONE, MESSAGES, deviceLabel, requestedTimeZone, utcOffsetHoursIn } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, validationFailed } from '../../lib/http-errors';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { authorizePaidPlan, recordPaidPlan, releaseUnrecordedGrant } from '../billing';
import { insertBook, PERSONAL_BOOK_NAME } from '../books';
import { insertNotification } from '../notifications';
import { acceptSecondFactor, isTwoFactorOn } from '../two-factor';
import { normalizeEmail, presentUser, findUserByEmail, findUserById, insertUser, newDeviceNotice } from '../users';
import { deleteApiToken, insertApiToken, rememberDevice } from './auth.repo';
import type { SignInClient } from './sign-in-client';
import { assertMaySignUp } from './signup-policy';

/** What issueToken did: the token, and the new-device notice queued with it, if any. */
export interface IssuedToken {
  token: string;
  notice?: ReturnType<typeof newDeviceNotice>;
  outboxId?: number;
}

/**
 * Issues a new API token (a session, DECISIONS.md #27) for the user inside `trx`, labelled with the
 * device read from the sign-in's User-Agent, and remembers the device. A device the person had not
 * signed in from before gets them an e-mail, queued in the same transaction (DECISIONS.md #77).
 */
export async function issueToken(deps: AppDeps, trx: Kysely<Database>, user: UserRow, client: SignInClient): Promise<IssuedToken> {
  const token = newToken();
  const now = isoNow(deps.clock);
  const device = deviceLabel(client.userAgent);
  await insertApiToken(trx, { userId: user.id, tokenHash: hashToken(token), createdAt: now, device, address: client.address });
  if (!(await rememberDevice(trx, user.id, device, now))) return { token };
  const notice = newDeviceNotice(user, { device, at: now, address: client.address }, deps.config.APP_URL, deps.config.SUPPORT_EMAIL);
  return { token, notice, outboxId: await deps.mailer.queue(trx, notice) };
}

/**
 * Signs `user` in as every way of signing in does (password, single sign-on): one transaction
 * that first runs `claim` (e.g. using up a single-use code, which throws when it was used already)
 * and then issues the session; the new-device notice is sent once it is committed.
 */
export async function signIn(
  deps: AppDeps,
  user: UserRow,
  client: SignInClient,
  claim?: (trx: Kysely<Database>) => Promise<void>,
): Promise<AuthResponse> {
  const issued = await deps.db.transaction().execute(async (trx) => {
    if (claim) await claim(trx);
    return issueToken(deps, trx, user, client);
  });
  if (issued.notice && issued.outboxId !== undefined) void deps.mailer.deliver(deps.db, issued.outboxId, issued.notice);
  return { api_token: issued.token, user: presentUser(user, deps.clock.now()) };
}

/** What a new account is made of, however it signs up (the form, single sign-on). */
export interface NewAccount {
  email: string;
  /** A hash of the chosen password, or unusablePasswordHash() (single sign-on, DECISIONS.md #81). */
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  /** An IANA zone, already checked (DECISIONS.md #85). */
  timeZone: string;
}

/**
 * Creates the user inside `trx` with what every account starts with: its personal book and the
 * welcome notice. Returns the user's id; an address already taken fails on the unique index.
 */
export async function createAccount(deps: AppDeps, trx: Kysely<Database>, account: NewAccount): Promise<number> {
  const now = isoNow(deps.clock);
  const created = await insertUser(trx, {
    email: account.email,
    password_hash: account.passwordHash,
    first_name: account.firstName,
    last_name: account.lastName,
    plan: 'free',
    stripe_id: null,
    time_zone: account.timeZone,
    // For processes of older code during an upgrade, which still read the offset.
    timezone: utcOffsetHoursIn(account.timeZone, deps.clock.now()),
    finished_budget_suggestions: 0,
    created_at: now,
    updated_at: now,
  });
  const bookId = await insertBook(trx, { name: PERSONAL_BOOK_NAME, ownerId: created.id, personal: true, now });
  await insertNotification(trx, {
    bookId,
    title: 'Welcome to Mindspend',
    message: 'Add an account, record what you spend and how it felt, and plan your month.',
    createdAt: now,
  });
  return created.id;
}

/** Creates the account (and its paid plan when chosen), signs the user in. */
export async function register(deps: AppDeps, body: RegisterBody, client: SignInClient): Promise<AuthResponse> {
  await assertMaySignUp(deps, body.invitation_token);
  const email = normalizeEmail(body.email ?? '');
  if (await findUserByEmail(deps.db, email)) throw validationFailed({ email: [MESSAGES.emailTaken] });
  assertUncommonPassword(body.password ?? '', 'password');
  // Payment is authorized before anything is written, so a declined card leaves no account behind.
  const grant = body.plan === 'budget_master' ? await authorizePaidPlan(deps, email, body) : null;
  const passwordHash = await hashPassword(body.password ?? '');

  try {
    return await deps.db.transaction().execute(async (trx) => {
      const userId = await createAccount(deps, trx, {
        email,
        passwordHash,
        firstName: body.first_name?.trim() || null,
        lastName: body.last_name?.trim() || null,
        timeZone: requestedTimeZone(body) ?? DEFAULT_TIME_ZONE,
      });
      if (grant) await recordPaidPlan(deps, trx, userId, grant);
      const user = (await findUserById(trx, userId)) as UserRow;
      // The account's first device: nothing to tell.
      const { token } = await issueToken(deps, trx, user, client);
      return { api_token: token, user: presentUser(user, deps.clock.now()) };
    });
  } catch (error) {
    if (grant) await releaseUnrecordedGrant(deps, grant, error);
    // Two sign-ups racing with one address: the unique index decides, the loser gets the usual 422.
    if (await findUserByEmail(deps.db, email)) throw validationFailed({ email: [MESSAGES.emailTaken] });
    throw error;
  }
}

/**
 * Signs in; an unknown e-mail and a wrong password get the same answer in the same time. With
 * two-factor on (DECISIONS.md #28), the right password alone answers `two_factor_required` and
 * no token; a wrong code answers 422, and each try counts toward the route's rate limit.
 */
export async function login(deps: AppDeps, body: LoginBody, client: SignInClient): Promise<LoginResponse> {
  const user = await findUserByEmail(deps.db, normalizeEmail(body.email ?? ''));
  const password = body.password ?? '';
  const valid = user ? await verifyPassword(user.password_hash, password) : (await verifyAgainstDummy(password), false);
  if (!user || !valid) throw new HttpError(401, MESSAGES.loginFailed);
  if (isTwoFactorOn(user)) {
    if (!body.one_time_password) return { two_factor_required: true };
    if (!(await acceptSecondFactor(deps, user, body.one_time_password))) {
      throw validationFailed({ one_time_password: [MESSAGES.oneTimePasswordWrong] });
    }
  }
  return signIn(deps, user, client);
}

/** Revokes the token the request came with. */
export async function logout(deps: AppDeps, tokenHash: string | null): Promise<void> {
  if (tokenHash) await deleteApiToken(deps.db, tokenHash);
}
