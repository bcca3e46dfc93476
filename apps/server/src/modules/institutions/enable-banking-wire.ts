/**
 * Enable Banking's wire format (DECISIONS.md #111): each request carries a JWT signed RS256 with
 * the application's private key (`kid` its id), and the answers are read through these schemas,
 * so a malformed answer is refused whole rather than half-used.
 */
import { type KeyObject, createPrivateKey, sign } from 'node:crypto';
import { cleanExternalText } from '@mindspend/domain';
import { z } from 'zod';

/** Enable Banking answered something Mindspend cannot use, failed, or did not answer in time. */
export class EnableBankingAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnableBankingAnswerError';
  }
}

/** A token lives this long; Enable Banking accepts up to 24 hours, one request needs seconds. */
const TOKEN_SECONDS = 3600;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Signs the bearer tokens of one application. */
export class EnableBankingSigner {
  private readonly key: KeyObject;

  constructor(
    private readonly appId: string,
    privateKeyPem: string,
  ) {
    this.key = createPrivateKey(privateKeyPem);
  }

  /** `Bearer <JWT>` for a request made at `now`. */
  authorization(now: Date = new Date()): string {
    const iat = Math.floor(now.getTime() / 1000);
    const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'RS256', kid: this.appId }));
    const payload = base64url(JSON.stringify({ iss: 'enablebanking.com', aud: 'api.enablebanking.com', iat, exp: iat + TOKEN_SECONDS }));
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), this.key);
    return `Bearer ${header}.${payload}.${base64url(signature)}`;
  }
}

/** Text a bank wrote, made storable as it arrives (domain text.ts). */
const bankText = z.string().max(1000).transform(cleanExternalText);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const amount = z.object({ currency: z.string().max(3), amount: z.string().max(40) });

export const aspspsAnswer = z.object({
  aspsps: z.array(
    z.object({
      name: bankText,
      country: z.string().length(2),
      /** The longest consent the bank grants, in seconds. */
      maximum_consent_validity: z.number().int().positive().nullish(),
    }),
  ),
});
export type Aspsp = z.infer<typeof aspspsAnswer>['aspsps'][number];

export const authAnswer = z.object({ url: z.string().url().regex(/^https?:\/\//) });

const accountSchema = z.object({
  uid: z.string().min(1).max(255),
  account_id: z.object({ iban: z.string().max(64).nullish() }).nullish(),
  name: bankText.nullish(),
  product: bankText.nullish(),
  currency: z.string().max(3).nullish(),
  cash_account_type: z.string().max(10).nullish(),
});
export type EnableBankingAccount = z.infer<typeof accountSchema>;

const access = z.object({ valid_until: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'valid_until is not a date-time') });

export const sessionCreated = z.object({
  session_id: z.string().min(1).max(255),
  accounts: z.array(accountSchema),
  access,
  aspsp: z.object({ name: bankText, country: z.string() }).nullish(),
});
export type SessionCreated = z.infer<typeof sessionCreated>;

/** GET /sessions/{id}: its status and the uids of its accounts. */
export const sessionAnswer = z.object({
  status: z.string(),
  accounts: z.array(z.string().min(1).max(255)),
  access: access.nullish(),
});

export const accountDetails = accountSchema;

export const balancesAnswer = z.object({
  balances: z.array(z.object({ balance_amount: amount, balance_type: z.string().max(10).nullish() })),
});

const transactionSchema = z.object({
  entry_reference: z.string().max(200).nullish(),
  transaction_id: z.string().max(200).nullish(),
  transaction_amount: amount,
  credit_debit_indicator: z.enum(['DBIT', 'CRDT']),
  status: z.enum(['BOOK', 'PDNG', 'CNCL', 'HOLD', 'SCHD', 'OTHR', 'RJCT']),
  booking_date: isoDay.nullish(),
  value_date: isoDay.nullish(),
  transaction_date: isoDay.nullish(),
  creditor: z.object({ name: bankText.nullish() }).nullish(),
  debtor: z.object({ name: bankText.nullish() }).nullish(),
  remittance_information: z.array(bankText).nullish(),
});
export type EnableBankingTransaction = z.infer<typeof transactionSchema>;

export const transactionsAnswer = z.object({
  transactions: z.array(transactionSchema),
  continuation_key: z.string().max(1000).nullish(),
});

/** Parses a JSON answer with `schema`, or throws naming the call. */
export function parseAnswer<T extends z.ZodType>(what: string, text: string, schema: T): z.infer<T> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EnableBankingAnswerError(`Enable Banking ${what} answered something that is not JSON`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new EnableBankingAnswerError(`Enable Banking ${what} answered an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}
