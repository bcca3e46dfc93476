/**
 * SimpleFIN Bridge behind the BankProvider interface (DECISIONS.md #106). Linking claims the
 * person's setup token (a POST to the claim URL it holds) for an access URL, kept sealed; syncing
 * asks `/accounts?start-date=…` for the transactions since the last fetch (with an overlap, as a
 * pending transaction may post days later under the same id) and relies on the import keys to
 * bring each once. SimpleFIN's amounts are decimal strings, positive for money IN: they are read
 * to exact cents and turned to the one convention of BankTransaction (positive = money out).
 * Redirects are never followed: an allowed host cannot send the server elsewhere.
 */
import { createHash } from 'node:crypto';
import { exactCents, fromCents } from '@mindspend/domain';
import {
  type BankAccount,
  BankLinkRefused,
  BankLoginRequired,
  type BankProvider,
  type BankTransaction,
  type LinkedItem,
  type TransactionChanges,
} from './bank-link-provider';
import {
  SimpleFinAnswerError,
  type SimpleFinAccount,
  type SimpleFinAccountSet,
  type SimpleFinTransaction,
  accessUrlOf,
  accountSetSchema,
  accountsRequest,
  claimUrlOf,
  hostProblem,
} from './simplefin-wire';

/** The Bridge answers in seconds; a slow one must not hold a sync (or a person's request) for long. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The first sync reaches this far back (the Bridge keeps about 90 days). */
const FIRST_SYNC_DAYS = 90;
/** Each later sync fetches again from this long before the last one began: pending rows post late. */
const OVERLAP_DAYS = 14;
const DAY_SECONDS = 86_400;

export interface SimpleFinLinkInput {
  setupToken: string;
}

export interface SimpleFinProviderOptions {
  allowedHosts: readonly string[];
  timeoutMs?: number;
}

export class SimpleFinProvider implements BankProvider<SimpleFinLinkInput> {
  readonly name = 'simplefin' as const;
  private readonly timeoutMs: number;

  constructor(private readonly options: SimpleFinProviderOptions) {
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  async link(input: SimpleFinLinkInput): Promise<LinkedItem> {
    const claimUrl = claimUrlOf(input.setupToken, this.options.allowedHosts);
    const answer = await this.call('SimpleFIN claim', claimUrl.href, { method: 'POST', headers: { 'content-length': '0' } });
    if (answer.status === 403)
      throw new BankLinkRefused(
        'This setup token was already used or has expired. Create a new setup token at the SimpleFIN Bridge and paste it here.',
      );
    if (answer.status !== 200) throw new SimpleFinAnswerError(`SimpleFIN claim answered ${answer.status}`);
    const accessUrl = accessUrlOf(answer.text, this.options.allowedHosts);
    // The link's id names the Bridge's user, never its password: the same access linked twice is one link.
    const itemId = `simplefin:${createHash('sha256').update(`${accessUrl.host}\n${accessUrl.username}`).digest('hex').slice(0, 32)}`;
    return { credential: accessUrl.href, itemId, institutionName: 'SimpleFIN' };
  }

  async accounts(credential: string): Promise<BankAccount[]> {
    const set = await this.fetchAccounts(credential, new URLSearchParams({ 'balances-only': '1' }));
    return set.accounts.map(toAccount);
  }

  async syncTransactions(credential: string, cursor: string | null, now: Date = new Date()): Promise<TransactionChanges> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const last = cursor === null ? Number.NaN : Number(cursor);
    const start = Number.isSafeInteger(last) ? last - OVERLAP_DAYS * DAY_SECONDS : nowSeconds - FIRST_SYNC_DAYS * DAY_SECONDS;
    const set = await this.fetchAccounts(credential, new URLSearchParams({ 'start-date': String(start), pending: '1' }));
    const added = set.accounts.flatMap((account) => (account.transactions ?? []).map((row) => toTransaction(account, row)));
    return { added, modified: [], removed: [], nextCursor: String(nowSeconds), notices: set.errors ?? [] };
  }

  /** SimpleFIN has no call that ends an access: the person revokes it at the Bridge. */
  async removeItem(): Promise<void> {}

  private async fetchAccounts(credential: string, query: URLSearchParams): Promise<SimpleFinAccountSet> {
    const accessUrl = new URL(credential);
    const problem = hostProblem(accessUrl, this.options.allowedHosts);
    if (problem) throw new SimpleFinAnswerError(`The stored SimpleFIN access URL is no longer allowed: ${problem}`);
    const request = accountsRequest(accessUrl, query);
    const answer = await this.call('SimpleFIN /accounts', request.url, { method: 'GET', headers: { authorization: request.authorization } });
    if (answer.status === 403 || answer.status === 402)
      throw new BankLoginRequired(
        'SimpleFIN no longer gives access to this bank (the access was revoked or has expired). Link it again with a new setup token.',
      );
    if (answer.status !== 200) throw new SimpleFinAnswerError(`SimpleFIN /accounts answered ${answer.status}`);
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      throw new SimpleFinAnswerError('SimpleFIN /accounts answered something that is not JSON');
    }
    const parsed = accountSetSchema.safeParse(body);
    if (!parsed.success) throw new SimpleFinAnswerError(`SimpleFIN /accounts answered an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  }

  /** One call, never following a redirect, within the time-out; the failure names the call, not the URL (it may carry credentials). */
  private async call(what: string, url: string, init: RequestInit): Promise<{ status: number; text: string }> {
    try {
      const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : 'could not be reached';
      throw new SimpleFinAnswerError(`${what} ${reason}`);
    }
  }
}

/** Exact cents of a SimpleFIN decimal, or a refusal naming it: money is never rounded in silence. */
function centsOf(decimal: string, what: string): number {
  const cents = exactCents(decimal);
  if (cents === null) throw new SimpleFinAnswerError(`SimpleFIN sent ${what} Mindspend cannot record exactly: "${decimal.slice(0, 40)}"`);
  return cents;
}

function toAccount(account: SimpleFinAccount): BankAccount {
  const current = fromCents(centsOf(account.balance, 'a balance'));
  const available = account['available-balance'] ? fromCents(centsOf(account['available-balance'], 'a balance')) : null;
  return {
    id: account.id,
    name: account.name,
    mask: null,
    // SimpleFIN does not say what kind of account it is; Mindspend keeps it as checking.
    type: 'depository',
    subtype: null,
    balances: { current, available, limit: null },
    bankName: account.org?.name?.trim() || null,
    currency: account.currency?.trim() || null,
  };
}

/** SimpleFIN's positive = money in becomes BankTransaction's positive = money out. */
function toTransaction(account: SimpleFinAccount, row: SimpleFinTransaction): BankTransaction {
  const cents = centsOf(row.amount, 'an amount');
  const pending = row.pending === true || row.posted === 0;
  const seconds = row.transacted_at || row.posted;
  if (!seconds) throw new SimpleFinAnswerError('SimpleFIN sent a transaction without any date');
  const description = row.description?.trim() ?? '';
  return {
    id: row.id,
    accountId: account.id,
    amount: fromCents(-cents),
    date: new Date(seconds * 1000).toISOString().slice(0, 10),
    name: description || row.payee?.trim() || '',
    merchantName: row.payee?.trim() || null,
    pending,
    // SimpleFIN's amounts are in their account's currency.
    currency: account.currency?.trim() || null,
  };
}
