/**
 * Enable Banking behind the BankProvider interface (DECISIONS.md #111): European banks through
 * PSD2. The person chooses a bank, is sent to it with a `state`, and comes back with a code;
 * linking turns the code into a session (its id is the credential, kept sealed) with an expiry
 * the bank set. Syncing lists the session's accounts and fetches each one's transactions since
 * the last fetch (with an overlap: a pending row books days later under the same reference).
 * Amounts are read to exact cents; DBIT is money out. An expired or revoked session is
 * BankLoginRequired. Every request carries a JWT signed with the application's key.
 */
import { createHash } from 'node:crypto';
import { exactCents, fromCents } from '@mindspend/domain';
import type { z } from 'zod';
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
  type Aspsp,
  EnableBankingAnswerError,
  type EnableBankingAccount,
  EnableBankingSigner,
  type EnableBankingTransaction,
  accountDetails,
  aspspsAnswer,
  authAnswer,
  balancesAnswer,
  parseAnswer,
  sessionAnswer,
  sessionCreated,
  transactionsAnswer,
} from './enable-banking-wire';

const REQUEST_TIMEOUT_MS = 30_000;
/** The first sync reaches this far back; later ones from the last fetch less the overlap. */
const FIRST_SYNC_DAYS = 90;
const OVERLAP_DAYS = 14;
/** Asked of the bank when it does not say its longest consent. */
const DEFAULT_CONSENT_DAYS = 90;
/** A bound on pages per account, so a provider repeating a continuation key cannot loop forever. */
const MAX_PAGES = 200;
const DAY_MS = 86_400_000;

const RELINK = 'Your consent at the bank has expired or was withdrawn. Link the bank again to keep importing.';

export interface EnableBankingLinkInput {
  code: string;
}

export interface EnableBankingOptions {
  appId: string;
  privateKey: string;
  apiUrl: string;
  timeoutMs?: number;
}

export interface AuthorizationRequest {
  bank: string;
  country: string;
  state: string;
  redirectUrl: string;
  now: Date;
}

export class EnableBankingProvider implements BankProvider<EnableBankingLinkInput> {
  readonly name = 'enable_banking' as const;
  private readonly signer: EnableBankingSigner;
  private readonly apiUrl: string;
  private readonly timeoutMs: number;

  constructor(options: EnableBankingOptions) {
    this.signer = new EnableBankingSigner(options.appId, options.privateKey);
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  /** The banks of a country (two letters, e.g. FI). */
  async banks(country: string): Promise<Aspsp[]> {
    const answer = await this.request('GET', `/aspsps?${new URLSearchParams({ country })}`);
    return this.expect200('/aspsps', answer, aspspsAnswer).aspsps;
  }

  /** The bank's page to send the person to, asking the longest consent the bank grants (at most 90 days unless it says). */
  async startAuthorization(request: AuthorizationRequest): Promise<{ url: string; validUntil: string }> {
    const bank = (await this.banks(request.country)).find((candidate) => candidate.name === request.bank);
    if (!bank) throw new BankLinkRefused(`${request.bank} is not a bank Enable Banking offers in ${request.country}: choose one from the list.`);
    const seconds = bank.maximum_consent_validity ?? DEFAULT_CONSENT_DAYS * 86_400;
    const validUntil = new Date(request.now.getTime() + seconds * 1000).toISOString();
    const answer = await this.request('POST', '/auth', {
      access: { valid_until: validUntil },
      aspsp: { name: bank.name, country: bank.country },
      state: request.state,
      redirect_url: request.redirectUrl,
      psu_type: 'personal',
    });
    return { url: this.expect200('/auth', answer, authAnswer).url, validUntil };
  }

  async link(input: EnableBankingLinkInput): Promise<LinkedItem> {
    const answer = await this.request('POST', '/sessions', { code: input.code });
    if (answer.status === 400 || answer.status === 404 || answer.status === 422)
      throw new BankLinkRefused('The bank did not confirm this link (the code was wrong, already used or expired). Start again from Connected Institutions.');
    const session = this.expect200('/sessions', answer, sessionCreated);
    // The link's id names the session without revealing it: the session id is the credential.
    const itemId = `enablebanking:${createHash('sha256').update(session.session_id).digest('hex').slice(0, 32)}`;
    return {
      credential: session.session_id,
      itemId,
      ...(session.aspsp?.name && { institutionName: session.aspsp.name }),
      consentExpiresAt: new Date(session.access.valid_until).toISOString(),
    };
  }

  async accounts(credential: string): Promise<BankAccount[]> {
    const uids = await this.sessionAccounts(credential);
    const accounts: BankAccount[] = [];
    for (const uid of uids) {
      const path = `/accounts/${encodeURIComponent(uid)}`;
      const details = this.expect200('/accounts/details', await this.request('GET', `${path}/details`), accountDetails);
      const balances = this.expect200('/accounts/balances', await this.request('GET', `${path}/balances`), balancesAnswer).balances;
      accounts.push(toAccount(uid, details, balances));
    }
    return accounts;
  }

  async syncTransactions(credential: string, cursor: string | null, now: Date = new Date()): Promise<TransactionChanges> {
    const last = cursor === null ? Number.NaN : Date.parse(cursor);
    const from = Number.isNaN(last) ? now.getTime() - FIRST_SYNC_DAYS * DAY_MS : last - OVERLAP_DAYS * DAY_MS;
    const dateFrom = new Date(from).toISOString().slice(0, 10);
    const added: BankTransaction[] = [];
    let unreferenced = 0;
    for (const uid of await this.sessionAccounts(credential)) {
      for (const row of await this.transactionsOf(uid, dateFrom)) {
        if (row.status !== 'BOOK' && row.status !== 'PDNG') continue;
        const reference = row.entry_reference || row.transaction_id;
        if (!reference) {
          unreferenced += 1;
          continue;
        }
        added.push(toTransaction(uid, reference, row));
      }
    }
    const notices = unreferenced > 0 ? [`${unreferenced} transaction(s) without a reference from the bank were left out; they are imported once the bank books them with one.`] : [];
    return { added, modified: [], removed: [], nextCursor: now.toISOString(), notices };
  }

  /** Ends the session at Enable Banking: the bank's consent is withdrawn. */
  async removeItem(credential: string): Promise<void> {
    const answer = await this.request('DELETE', `/sessions/${encodeURIComponent(credential)}`);
    if (answer.status >= 300 && answer.status !== 404) throw new EnableBankingAnswerError(`Enable Banking DELETE /sessions answered ${answer.status}`);
  }

  private async sessionAccounts(sessionId: string): Promise<string[]> {
    const answer = await this.request('GET', `/sessions/${encodeURIComponent(sessionId)}`);
    if (answer.status === 401 || answer.status === 403 || answer.status === 404) throw new BankLoginRequired(RELINK);
    const session = this.expect200('/sessions', answer, sessionAnswer);
    if (session.status !== 'AUTHORIZED') throw new BankLoginRequired(RELINK);
    return session.accounts;
  }

  private async transactionsOf(uid: string, dateFrom: string): Promise<EnableBankingTransaction[]> {
    const rows: EnableBankingTransaction[] = [];
    let continuation: string | null | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query = new URLSearchParams({ date_from: dateFrom, ...(continuation && { continuation_key: continuation }) });
      const answer = await this.request('GET', `/accounts/${encodeURIComponent(uid)}/transactions?${query}`);
      if (answer.status === 401 || answer.status === 403) throw new BankLoginRequired(RELINK);
      const body = this.expect200('/accounts/transactions', answer, transactionsAnswer);
      rows.push(...body.transactions);
      continuation = body.continuation_key;
      if (!continuation) return rows;
    }
    throw new EnableBankingAnswerError(`Enable Banking /accounts/transactions sent more than ${MAX_PAGES} pages`);
  }

  private expect200<T extends z.ZodType>(what: string, answer: { status: number; text: string }, schema: T): z.infer<T> {
    if (answer.status !== 200) throw new EnableBankingAnswerError(`Enable Banking ${what} answered ${answer.status}`);
    return parseAnswer(what, answer.text, schema);
  }

  /** One signed call, never following a redirect, within the time-out; a failure names the call, never the session. */
  private async request(method: string, path: string, body?: object): Promise<{ status: number; text: string }> {
    const what = `${method} ${path.split('?')[0]?.replace(/\/(sessions|accounts)\/[^/]+/, '/$1/…')}`;
    try {
      const response = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers: { authorization: this.signer.authorization(), accept: 'application/json', ...(body && { 'content-type': 'application/json' }) },
        ...(body && { body: JSON.stringify(body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : 'could not be reached';
      throw new EnableBankingAnswerError(`Enable Banking ${what} ${reason}`);
    }
  }
}

/** Exact cents of a decimal, or a refusal naming it: money is never rounded in silence. */
function centsOf(decimal: string, what: string): number {
  const cents = exactCents(decimal);
  if (cents === null) throw new EnableBankingAnswerError(`Enable Banking sent ${what} Mindspend cannot record exactly: "${decimal.slice(0, 40)}"`);
  return cents;
}

type Balance = z.infer<typeof balancesAnswer>['balances'][number];

function toAccount(uid: string, details: EnableBankingAccount, balances: Balance[]): BankAccount {
  const pick = (...types: string[]) => balances.find((balance) => types.includes(balance.balance_type ?? ''));
  const booked = pick('CLBD', 'ITBD', 'OPBD') ?? balances[0];
  const available = pick('ITAV', 'CLAV', 'XPCD', 'OPAV');
  const iban = details.account_id?.iban?.replace(/\s+/g, '') ?? '';
  const kind = details.cash_account_type;
  return {
    id: uid,
    name: details.name?.trim() || details.product?.trim() || 'Account',
    mask: iban.length >= 4 ? iban.slice(-4) : null,
    type: kind === 'CARD' ? 'credit' : 'depository',
    subtype: kind === 'SVGS' ? 'savings' : kind === 'CARD' ? 'credit card' : 'checking',
    balances: {
      current: booked ? fromCents(centsOf(booked.balance_amount.amount, 'a balance')) : null,
      available: available ? fromCents(centsOf(available.balance_amount.amount, 'a balance')) : null,
      limit: null,
    },
    currency: details.currency?.trim().toUpperCase() || booked?.balance_amount.currency.trim().toUpperCase() || null,
  };
}

/** DBIT (money out) becomes BankTransaction's positive; the amount itself is unsigned. */
function toTransaction(uid: string, reference: string, row: EnableBankingTransaction): BankTransaction {
  const cents = Math.abs(centsOf(row.transaction_amount.amount, 'an amount'));
  const date = row.booking_date ?? row.transaction_date ?? row.value_date;
  if (!date) throw new EnableBankingAnswerError('Enable Banking sent a transaction without any date');
  const counterparty = (row.credit_debit_indicator === 'DBIT' ? row.creditor?.name : row.debtor?.name)?.trim() || null;
  const remittance = (row.remittance_information ?? []).join(' ').trim();
  return {
    id: `${uid}:${reference}`,
    accountId: uid,
    amount: fromCents(row.credit_debit_indicator === 'DBIT' ? cents : -cents),
    date,
    name: remittance || counterparty || '',
    merchantName: counterparty,
    pending: row.status === 'PDNG',
    currency: row.transaction_amount.currency.trim().toUpperCase() || null,
  };
}
