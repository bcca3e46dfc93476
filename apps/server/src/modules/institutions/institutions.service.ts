/** Linked banks (DECISIONS.md #8): list, link tokens, linking, re-linking and unlinking. */
import type {
  Institution,
  InstitutionsResponse,
  LinkInstitutionBody,
  LinkSimplefinBody,
  LinkTokenBody,
} from '@mindspend/api-contract';
import { consentState, isoDate, localDateIn } from '@mindspend/domain';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, notFound } from '../../lib/http-errors';
import type { LinkedInstitutionRow } from '../../db/bank-link-schema';
import { type BankLink, providerFor } from './bank-link';
import { BankLinkRefused, type BankProvider, type LinkedItem } from './bank-link-provider';
import type { PlaidProvider } from './plaid-provider';
import { LINK_LEASE_MS, releaseLinkLease, requestHolder, takeLinkLease } from './link-lease';
import { syncAndRecord } from './sync-outcome';
import { BANK_PROVIDER_NAMES } from '../../db/bank-link-schema';
import { createLinkedAccounts } from './linked-accounts';
import {
  deleteInstitution,
  findInstitution,
  insertInstitution,
  listInstitutions,
  setInstitutionStatus,
  type InstitutionSummary,
} from './institutions.repo';
import { noticesOf } from './link-notices';

export const NO_BANK_PROVIDER =
  'No bank provider is configured. Set PLAID_CLIENT_ID and PLAID_SECRET on the server to link banks; CSV and OFX/QFX imports work without one.';
const NO_SIMPLEFIN =
  'SimpleFIN is not available on this server: on PostgreSQL, set BANK_TOKEN_ENCRYPTION_KEY so bank credentials can be stored.';
const PROVIDER_UNREACHABLE =
  'The bank connection service could not be reached. Please try again in a few minutes.';
/** Used when the Link widget did not say which bank was chosen. */
const UNNAMED_BANK = 'Linked bank';

function present(row: InstitutionSummary, now: Date): Institution {
  const consent = consentState(row.consent_expires_at, now);
  const day = row.consent_expires_at?.slice(0, 10);
  // The bank's consent ends on a known day (DECISIONS.md #111): renewal is asked in its last week.
  const consentNotices =
    consent === 'renew_soon'
      ? [`Renew access to ${row.name} before ${day}.`]
      : consent === 'lapsed'
        ? [`Access to ${row.name} lapsed on ${day}: link it again to keep importing.`]
        : [];
  return {
    id: row.id,
    name: row.name,
    account_count: Number(row.account_count),
    status: consent === 'lapsed' ? 'relink_required' : row.status,
    last_synced_at: row.last_synced_at,
    provider: row.provider,
    last_sync: row.last_sync_at === null ? null : { at: row.last_sync_at, added: row.last_sync_added, error: row.last_sync_error },
    next_sync_at: row.next_sync_at,
    notices: [...consentNotices, ...noticesOf(row.notices)],
    consent_expires_at: row.consent_expires_at,
  };
}

function requirePlaid(deps: AppDeps): { link: BankLink; plaid: PlaidProvider } {
  if (!deps.bankLink?.plaid) throw new HttpError(409, NO_BANK_PROVIDER);
  return { link: deps.bankLink, plaid: deps.bankLink.plaid };
}

async function requireInstitution(
  deps: AppDeps,
  scope: BookScope,
  institutionId: number,
): Promise<LinkedInstitutionRow> {
  const institution = await findInstitution(deps.db, scope.bookId, institutionId);
  if (!institution) throw notFound('Institution');
  return institution;
}

async function getInstitution(deps: AppDeps, scope: BookScope, institutionId: number): Promise<Institution> {
  const [row] = await listInstitutions(deps.db, scope.bookId, institutionId);
  if (!row) throw notFound('Institution');
  return present(row, deps.clock.now());
}

/** Logs a provider failure (never its token) and answers 502: the bank service, not the request, failed. */
function providerFailed(deps: AppDeps, error: unknown, what: string): HttpError {
  deps.logger.error(
    { err: error instanceof Error ? error.message : String(error) },
    `bank provider: ${what} failed`,
  );
  return new HttpError(502, PROVIDER_UNREACHABLE);
}

/** Whether a provider is configured, and the person's linked banks. */
export async function listUserInstitutions(deps: AppDeps, scope: BookScope): Promise<InstitutionsResponse> {
  const rows = await listInstitutions(deps.db, scope.bookId);
  const link = deps.bankLink;
  const providers = link ? BANK_PROVIDER_NAMES.filter((name) => providerFor(link, name) !== null) : [];
  return { provider_configured: providers.length > 0, providers, institutions: rows.map((row) => present(row, deps.clock.now())) };
}

/** A link token for the Link widget: a new link, or with institution_id re-linking that one (update mode). */
export async function createLinkToken(
  deps: AppDeps,
  scope: BookScope,
  body: LinkTokenBody,
): Promise<{ link_token: string }> {
  const { link, plaid } = requirePlaid(deps);
  const institution =
    body?.institution_id === undefined
      ? undefined
      : await requireInstitution(deps, scope, body.institution_id);
  if (institution && institution.provider !== 'plaid')
    throw new HttpError(409, `${institution.name} was not linked through Plaid: link it again the way it was linked.`);
  try {
    const accessToken = institution ? link.cipher.decrypt(institution.access_token_encrypted) : undefined;
    return { link_token: await plaid.createLinkToken(scope.userId, accessToken) };
  } catch (error) {
    throw providerFailed(deps, error, 'link token');
  }
}

/** Links a bank through Plaid with the public token its Link widget handed back. */
export async function linkInstitution(
  deps: AppDeps,
  scope: BookScope,
  body: LinkInstitutionBody,
): Promise<Institution> {
  const { link, plaid } = requirePlaid(deps);
  return linkThrough(deps, scope, link, plaid, { publicToken: body.public_token }, body.institution_name);
}

/**
 * Turns what the person brought from the provider into a stored link (DECISIONS.md #106): the
 * credential sealed, one Mindspend account per bank account with its current balance, and the
 * first sync at once; a failed first sync is left for the next one (by schedule or "Sync now").
 * Nothing is stored when the provider refuses or fails.
 */
export async function linkThrough<Input>(
  deps: AppDeps,
  scope: BookScope,
  link: BankLink,
  provider: BankProvider<Input>,
  input: Input,
  institutionName: string | undefined,
): Promise<Institution> {
  let item: LinkedItem;
  let bankAccounts: Awaited<ReturnType<BankProvider['accounts']>>;
  try {
    item = await provider.link(input);
    bankAccounts = await provider.accounts(item.credential);
  } catch (error) {
    if (error instanceof BankLinkRefused) throw new HttpError(400, error.message);
    throw providerFailed(deps, error, 'linking');
  }
  // SimpleFIN names each account's bank: one bank for all of them names the link.
  const banks = new Set(bankAccounts.map((account) => account.bankName ?? ''));
  const [onlyBank] = banks.size === 1 ? [...banks] : [''];
  const name = institutionName || onlyBank || item.institutionName || UNNAMED_BANK;
  const now = isoNow(deps.clock);
  let institutionId: number;
  try {
    institutionId = await writeInBook(deps, scope, async (trx) => {
      const id = await insertInstitution(trx, {
        book_id: scope.bookId,
        provider: provider.name,
        item_id: item.itemId,
        access_token_encrypted: link.cipher.encrypt(item.credential),
        name,
        status: 'connected',
        cursor: null,
        last_synced_at: null,
        // Not due while its first sync runs below (the schedule would take it up beside it); if
        // this process dies first, the schedule takes it up once the first sync's lease lapses.
        next_sync_at: new Date(deps.clock.now().getTime() + LINK_LEASE_MS).toISOString(),
        last_sync_at: null,
        last_sync_added: null,
        last_sync_error: null,
        notices: null,
        consent_expires_at: item.consentExpiresAt ?? null,
        created_at: now,
      });
      const today = isoDate(localDateIn(scope.timeZone, deps.clock.now()));
      await createLinkedAccounts(
        trx,
        { bookId: scope.bookId, userId: scope.userId, institutionId: id, institutionName: name, now, today },
        bankAccounts,
      );
      return id;
    });
  } catch (error) {
    // Nothing was recorded, so the link must not stay open at the provider either.
    await removeAtProvider(deps, provider, item.credential, undefined);
    throw error;
  }
  const institution = await requireInstitution(deps, scope, institutionId);
  // Under the link's lease, like every sync; a fresh link's lease is free, and were it not, the
  // schedule would sync the link once its due time comes.
  const holder = requestHolder();
  if (await takeLinkLease(deps, institutionId, holder)) {
    try {
      await syncAndRecord(deps, link, scope, institution);
    } catch (error) {
      deps.logger.warn(
        { institutionId, err: error instanceof Error ? error.message : String(error) },
        'first bank sync failed; the next sync retries',
      );
    } finally {
      await releaseLinkLease(deps, institutionId, holder);
    }
  }
  return getInstitution(deps, scope, institutionId);
}

/** Links the banks a SimpleFIN Bridge setup token gives access to (DECISIONS.md #106). */
export async function linkSimplefin(deps: AppDeps, scope: BookScope, body: LinkSimplefinBody): Promise<Institution> {
  if (!deps.bankLink?.simplefin) throw new HttpError(409, NO_SIMPLEFIN);
  return linkThrough(deps, scope, deps.bankLink, deps.bankLink.simplefin, { setupToken: body.setup_token }, undefined);
}

/** After the Link widget's update mode succeeded: the bank imports again. */
export async function markRelinked(
  deps: AppDeps,
  scope: BookScope,
  institutionId: number,
): Promise<Institution> {
  await requireInstitution(deps, scope, institutionId);
  await setInstitutionStatus(deps.db, scope.bookId, institutionId, 'connected');
  return getInstitution(deps, scope, institutionId);
}

/** Ends the link at the provider (best effort) and forgets it; the accounts and their transactions stay. */
export async function unlinkInstitution(deps: AppDeps, scope: BookScope, institutionId: number): Promise<void> {
  const institution = await requireInstitution(deps, scope, institutionId);
  const provider = deps.bankLink ? providerFor(deps.bankLink, institution.provider) : null;
  if (deps.bankLink && provider) {
    let accessToken: string | undefined;
    try {
      accessToken = deps.bankLink.cipher.decrypt(institution.access_token_encrypted);
    } catch (error) {
      deps.logger.warn(
        { institutionId, err: error instanceof Error ? error.message : String(error) },
        'bank access token unreadable; not removed at the provider',
      );
    }
    if (accessToken) await removeAtProvider(deps, provider, accessToken, institutionId);
  }
  await deleteInstitution(deps.db, scope.bookId, institutionId);
}

async function removeAtProvider(
  deps: AppDeps,
  provider: BankProvider,
  accessToken: string,
  institutionId: number | undefined,
): Promise<void> {
  try {
    await provider.removeItem(accessToken);
  } catch (error) {
    deps.logger.warn(
      { institutionId, err: error instanceof Error ? error.message : String(error) },
      'bank link left open at the provider; remove it in the provider dashboard',
    );
  }
}
