/**
 * Linking a bank through Enable Banking (DECISIONS.md #111): the person chooses a country and a
 * bank, is sent to the bank with a `state`, and comes back to /institutions/callback with a code.
 * The state is 32 random bytes, kept only as its SHA-256, bound to the person and the book, valid
 * for 15 minutes and deleted when used: a forged, replayed or someone else's state is refused
 * before the provider is asked anything, and nothing is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  EnableBankingBanksResponse,
  EnableBankingCallbackBody,
  EnableBankingStartBody,
  EnableBankingStartResponse,
  Institution,
} from '@mindspend/api-contract';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/http-errors';
import type { BankLink } from './bank-link';
import { BankLinkRefused } from './bank-link-provider';
import type { EnableBankingProvider } from './enable-banking-provider';
import { consumeLinkState, deleteLapsedLinkStates, insertLinkState } from './enable-banking.repo';
import { linkThrough } from './institutions.service';

const STATE_MINUTES = 15;
export const STATE_REFUSED = 'This bank link has expired or was already used; start again';
const NOT_CONFIGURED =
  'Enable Banking is not available on this server: set ENABLE_BANKING_APP_ID and ENABLE_BANKING_PRIVATE_KEY (and on PostgreSQL BANK_TOKEN_ENCRYPTION_KEY).';
const UNREACHABLE = 'Enable Banking could not be reached. Please try again in a few minutes.';

/** Where the bank sends the person back: the web page that finishes the link. */
export const CALLBACK_PATH = '/institutions/callback';

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

function requireEnableBanking(deps: AppDeps): { link: BankLink; provider: EnableBankingProvider } {
  const provider = deps.bankLink?.enableBanking;
  if (!deps.bankLink || !provider) throw new HttpError(409, NOT_CONFIGURED);
  return { link: deps.bankLink, provider };
}

/** A failure of the provider is a 502 in words for the person; its details go to the log only. */
function providerFailed(deps: AppDeps, error: unknown, what: string): HttpError {
  if (error instanceof BankLinkRefused) return new HttpError(400, error.message);
  deps.logger.error({ err: error instanceof Error ? error.message : String(error) }, `Enable Banking: ${what} failed`);
  return new HttpError(502, UNREACHABLE);
}

export async function listEnableBankingBanks(deps: AppDeps, country: string): Promise<EnableBankingBanksResponse> {
  const { provider } = requireEnableBanking(deps);
  try {
    const banks = await provider.banks(country);
    return { banks: banks.map(({ name, country: code }) => ({ name, country: code })).sort((a, b) => a.name.localeCompare(b.name)) };
  } catch (error) {
    throw providerFailed(deps, error, 'listing banks');
  }
}

/** Asks Enable Banking for the bank's page, then records the state the person will come back with. */
export async function startEnableBanking(deps: AppDeps, scope: BookScope, body: EnableBankingStartBody): Promise<EnableBankingStartResponse> {
  const { provider } = requireEnableBanking(deps);
  const state = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  let url: string;
  try {
    ({ url } = await provider.startAuthorization({
      bank: body.bank,
      country: body.country,
      state,
      redirectUrl: `${deps.config.APP_URL.replace(/\/+$/, '')}${CALLBACK_PATH}`,
      now,
    }));
  } catch (error) {
    throw providerFailed(deps, error, 'starting authorization');
  }
  // Through the book's write path: a viewer of a shared book cannot link banks into it.
  await writeInBook(deps, scope, async (trx) => {
    await deleteLapsedLinkStates(trx, scope, now.toISOString());
    await insertLinkState(trx, {
      state_hash: hashOf(state),
      book_id: scope.bookId,
      user_id: scope.userId,
      provider: 'enable_banking',
      bank_name: body.bank,
      country: body.country,
      expires_at: new Date(now.getTime() + STATE_MINUTES * 60_000).toISOString(),
      created_at: now.toISOString(),
    });
  });
  return { url };
}

/** Uses the state once, then links the bank with the code (the session, its accounts, the first sync). */
export async function finishEnableBanking(deps: AppDeps, scope: BookScope, body: EnableBankingCallbackBody): Promise<Institution> {
  const { link, provider } = requireEnableBanking(deps);
  const started = await consumeLinkState(deps.db, hashOf(body.state), scope);
  if (!started || started.provider !== 'enable_banking' || started.expires_at <= deps.clock.now().toISOString())
    throw new HttpError(400, STATE_REFUSED);
  return linkThrough(deps, scope, link, provider, { code: body.code }, started.bank_name);
}
