/**
 * SimpleFIN's wire format and the addresses it may take us to (DECISIONS.md #106): a setup token
 * is the base64 of a claim URL; the claim answers an access URL carrying basic-auth credentials;
 * `GET {access URL}/accounts` answers accounts with their transactions and an `errors` list.
 * Only hosts in SIMPLEFIN_ALLOWED_HOSTS are ever contacted, over https (plain http only on this
 * machine, for the stand-in), so a crafted token cannot make the server call an internal address.
 */
import { cleanExternalText } from '@mindspend/domain';
import { z } from 'zod';
import { BankLinkRefused } from './bank-link-provider';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A SimpleFIN answer Mindspend cannot use: malformed, a refusal, or a host it must not call. */
export class SimpleFinAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimpleFinAnswerError';
  }
}

/** Whether the server may call `url`: an allowed host, over https (http only on this machine). */
export function hostProblem(url: URL, allowedHosts: readonly string[]): string | null {
  const host = url.hostname.toLowerCase();
  if (!allowedHosts.includes(host))
    return `${host} is not a SimpleFIN host this server contacts (SIMPLEFIN_ALLOWED_HOSTS: ${allowedHosts.join(', ') || 'none'})`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(host)) return null;
  return `${url.protocol}// is not allowed for SimpleFIN (https:// only)`;
}

/** The claim URL in a setup token, or BankLinkRefused with what the person should do. */
export function claimUrlOf(setupToken: string, allowedHosts: readonly string[]): URL {
  const compact = setupToken.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact) || compact.length % 4 === 1)
    throw new BankLinkRefused(
      'That is not a SimpleFIN setup token. Copy the whole setup token the SimpleFIN Bridge showed you (letters and digits, no spaces) and paste it here.',
    );
  const decoded = Buffer.from(compact, 'base64').toString('utf8').trim();
  let url: URL;
  try {
    url = new URL(decoded);
  } catch {
    url = new URL('invalid:');
  }
  if (!/^https?:$/.test(url.protocol) || /\s/.test(decoded) || [...decoded].some((char) => char.charCodeAt(0) < 0x20))
    throw new BankLinkRefused(
      'That setup token does not hold a SimpleFIN claim address. Create a new setup token at the SimpleFIN Bridge and paste it here.',
    );
  const problem = hostProblem(url, allowedHosts);
  if (problem) throw new BankLinkRefused(`That setup token points somewhere this server does not go: ${problem}.`);
  return url;
}

/** The access URL a claim answered, checked like the claim URL; credentials are required. */
export function accessUrlOf(answer: string, allowedHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(answer.trim());
  } catch {
    throw new SimpleFinAnswerError('SimpleFIN claim answered something that is not an access URL');
  }
  const problem = hostProblem(url, allowedHosts);
  if (problem) throw new SimpleFinAnswerError(`SimpleFIN claim answered an access URL that is not allowed: ${problem}`);
  if (!url.username || !url.password) throw new SimpleFinAnswerError('SimpleFIN claim answered an access URL without credentials');
  return url;
}

/** `{access URL}/accounts` without its credentials, and the Authorization header that carries them. */
export function accountsRequest(accessUrl: URL, query: URLSearchParams): { url: string; authorization: string } {
  const user = decodeURIComponent(accessUrl.username);
  const password = decodeURIComponent(accessUrl.password);
  const base = `${accessUrl.protocol}//${accessUrl.host}${accessUrl.pathname.replace(/\/+$/, '')}`;
  return {
    url: `${base}/accounts?${query.toString()}`,
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  };
}

/** Text a bank wrote, made storable as it arrives (domain text.ts). */
const bankText = z.string().transform(cleanExternalText);
/** Amounts and balances are decimal strings; read to exact cents later (exactCents). */
const decimal = z.string().max(40);
const epochSeconds = z.number().int().nonnegative();

const transactionSchema = z.object({
  id: z.string().min(1).max(255),
  posted: epochSeconds,
  amount: decimal,
  description: bankText.nullish(),
  payee: bankText.nullish(),
  memo: bankText.nullish(),
  transacted_at: epochSeconds.nullish(),
  pending: z.boolean().nullish(),
});

const accountSchema = z.object({
  org: z.object({ name: bankText.nullish(), domain: z.string().nullish() }).nullish(),
  id: z.string().min(1).max(255),
  name: bankText,
  currency: z.string().nullish(),
  balance: decimal,
  'available-balance': decimal.nullish(),
  'balance-date': epochSeconds.nullish(),
  transactions: z.array(transactionSchema).nullish(),
});

export const accountSetSchema = z.object({
  errors: z.array(bankText).nullish(),
  accounts: z.array(accountSchema),
});
export type SimpleFinAccountSet = z.infer<typeof accountSetSchema>;
export type SimpleFinAccount = z.infer<typeof accountSchema>;
export type SimpleFinTransaction = z.infer<typeof transactionSchema>;
