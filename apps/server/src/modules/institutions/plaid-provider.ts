/**
 * Plaid behind the BankProvider interface (DECISIONS.md #8, #106), over its REST API with Node's
 * fetch: five small JSON calls do not justify the SDK. The client id and secret travel in each
 * request's body, as Plaid asks; neither they nor an access token is ever written to a log.
 */
import { cleanExternalText } from '@mindspend/domain';
import { z } from 'zod';
import { callProvider, succeeded } from '../../lib/provider-http';
import {
  type BankAccount,
  type BankProvider,
  BankLoginRequired,
  type LinkedItem,
  type BankTransaction,
  type TransactionChanges,
} from './bank-link-provider';
import { type PlaidVerificationKey, verificationKeySchema } from './plaid-webhook-verify';

export const PLAID_API_BASES = {
  sandbox: 'https://sandbox.plaid.com',
  production: 'https://production.plaid.com',
} as const;
export type PlaidEnvironment = keyof typeof PLAID_API_BASES;

/** Plaid answers in well under a second; a transactions page of a large item can take several. */
const REQUEST_TIMEOUT_MS = 30_000;
/** A guard against a cursor that never stops reporting more (each page holds up to 500 rows). */
const MAX_SYNC_PAGES = 200;

export interface PlaidProviderOptions {
  clientId: string;
  secret: string;
  environment?: PlaidEnvironment;
  /** Tests point this at a local fake; it wins over `environment`. */
  apiBase?: string;
  timeoutMs?: number;
  /** Where Plaid sends this server's webhooks (DECISIONS.md #112), given at link time; none: no webhooks. */
  webhookUrl?: string;
}

/**
 * Text a bank wrote, made storable as it arrives (domain text.ts): NUL dropped, lone surrogates
 * replaced, so no bank can make an account or a payee the user's own backup cannot restore.
 */
const bankText = z.string().transform(cleanExternalText);

const accountSchema = z.object({
  account_id: z.string(),
  name: bankText,
  official_name: bankText.nullish(),
  mask: bankText.nullish(),
  type: z.string(),
  subtype: bankText.nullish(),
  balances: z.object({
    current: z.number().nullish(),
    available: z.number().nullish(),
    limit: z.number().nullish(),
    iso_currency_code: z.string().max(12).nullish(),
    unofficial_currency_code: z.string().max(12).nullish(),
  }),
});
const transactionSchema = z.object({
  transaction_id: z.string(),
  account_id: z.string(),
  amount: z.number(),
  date: z.string(),
  name: bankText.nullish(),
  merchant_name: bankText.nullish(),
  pending: z.boolean().nullish(),
  iso_currency_code: z.string().max(12).nullish(),
  unofficial_currency_code: z.string().max(12).nullish(),
});
const syncPageSchema = z.object({
  added: z.array(transactionSchema),
  modified: z.array(transactionSchema),
  removed: z.array(z.object({ transaction_id: z.string() })),
  next_cursor: z.string(),
  has_more: z.boolean(),
});
const errorSchema = z.object({
  error_type: z.string().optional(),
  error_code: z.string().optional(),
  error_message: z.string().optional(),
  display_message: z.string().nullish(),
});

/** What Plaid's Link widget hands back to the browser. */
export interface PlaidLinkInput {
  publicToken: string;
}

export class PlaidProvider implements BankProvider<PlaidLinkInput> {
  readonly name = 'plaid' as const;
  private readonly apiBase: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: PlaidProviderOptions) {
    this.apiBase = (options.apiBase ?? PLAID_API_BASES[options.environment ?? 'sandbox']).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  async createLinkToken(userId: number, accessToken?: string): Promise<string> {
    const body: Record<string, unknown> = {
      client_name: 'Mindspend',
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: String(userId) },
    };
    // Update mode (re-linking) names the item by its access token and must not ask for products.
    if (accessToken) body.access_token = accessToken;
    else body.products = ['transactions'];
    // Plaid then tells the server when an item has new transactions or needs a sign-in (DECISIONS.md #112).
    if (this.options.webhookUrl) body.webhook = this.options.webhookUrl;
    const answer = z.object({ link_token: z.string() }).parse(await this.request('/link/token/create', body));
    return answer.link_token;
  }

  async exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }> {
    const answer = z
      .object({ access_token: z.string(), item_id: z.string() })
      .parse(await this.request('/item/public_token/exchange', { public_token: publicToken }));
    return { accessToken: answer.access_token, itemId: answer.item_id };
  }

  /** Linking is exchanging the widget's public token for the item's access token. */
  async link(input: PlaidLinkInput): Promise<LinkedItem> {
    const item = await this.exchangePublicToken(input.publicToken);
    return { credential: item.accessToken, itemId: item.itemId };
  }

  async accounts(accessToken: string): Promise<BankAccount[]> {
    const answer = z
      .object({ accounts: z.array(accountSchema) })
      .parse(await this.request('/accounts/get', { access_token: accessToken }));
    return answer.accounts.map((account) => ({
      id: account.account_id,
      name: account.name,
      mask: account.mask ?? null,
      type: account.type,
      subtype: account.subtype ?? null,
      balances: {
        current: account.balances.current ?? null,
        available: account.balances.available ?? null,
        limit: account.balances.limit ?? null,
      },
      // Plaid names a cryptocurrency's or points' unit as "unofficial"; Mindspend then refuses it.
      currency: account.balances.iso_currency_code ?? account.balances.unofficial_currency_code ?? null,
    }));
  }

  async syncTransactions(accessToken: string, cursor: string | null): Promise<TransactionChanges> {
    const changes: TransactionChanges = { added: [], modified: [], removed: [], nextCursor: cursor ?? '' };
    for (let page = 0; page < MAX_SYNC_PAGES; page += 1) {
      const body: Record<string, unknown> = { access_token: accessToken, count: 500 };
      if (changes.nextCursor) body.cursor = changes.nextCursor;
      const answer = syncPageSchema.parse(await this.request('/transactions/sync', body));
      changes.added.push(...answer.added.map(toTransaction));
      changes.modified.push(...answer.modified.map(toTransaction));
      changes.removed.push(...answer.removed.map((removed) => removed.transaction_id));
      changes.nextCursor = answer.next_cursor;
      if (!answer.has_more) return changes;
    }
    throw new Error(`Plaid /transactions/sync still had more after ${MAX_SYNC_PAGES} pages`);
  }

  /** The public key Plaid signed webhooks with, by the JWT's kid (DECISIONS.md #112). */
  async webhookVerificationKey(keyId: string): Promise<PlaidVerificationKey> {
    const answer = z
      .object({ key: verificationKeySchema })
      .parse(await this.request('/webhook_verification_key/get', { key_id: keyId }));
    return answer.key;
  }

  async removeItem(accessToken: string): Promise<void> {
    await this.request('/item/remove', { access_token: accessToken });
  }

  /** One call to Plaid; answers its JSON, or throws BankLoginRequired or a PlaidApiError for the log. */
  private async request(path: string, body: Record<string, unknown>): Promise<unknown> {
    const what = `Plaid ${path}`;
    const answer = await callProvider(
      what,
      `${this.apiBase}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: this.options.clientId, secret: this.options.secret, ...body }),
      },
      this.timeoutMs,
    );
    const { status, body: parsed } = answer;
    if (succeeded(answer)) return parsed;
    const failure = errorSchema.safeParse(parsed);
    if (!failure.success)
      throw new PlaidApiError(`${what} answered ${status} without a Plaid error body`, undefined);
    const { error_type: type, error_code: code, error_message: message } = failure.data;
    if (code === 'ITEM_LOGIN_REQUIRED')
      throw new BankLoginRequired(failure.data.display_message ?? undefined);
    throw new PlaidApiError(
      `${what} answered ${status} ${type ?? 'error'}/${code ?? '-'}: ${message ?? ''}`,
      code,
    );
  }
}

/** A refusal by Plaid other than a sign-in request: a configuration or service problem. */
export class PlaidApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PlaidApiError';
  }
}

function toTransaction(row: z.infer<typeof transactionSchema>): BankTransaction {
  return {
    id: row.transaction_id,
    accountId: row.account_id,
    amount: row.amount,
    date: row.date,
    name: row.name ?? '',
    merchantName: row.merchant_name ?? null,
    pending: row.pending ?? false,
    currency: row.iso_currency_code ?? row.unofficial_currency_code ?? null,
  };
}
