/** The configured bank provider with the cipher of its access tokens, or none (DECISIONS.md #8). */
import type { Config } from '../../config';
import type { BankLinkProvider } from './bank-link-provider';
import { PlaidProvider } from './plaid-provider';
import { TokenCipher } from '../../lib/token-cipher';

export interface BankLink {
  provider: BankLinkProvider;
  /** Seals access tokens at rest; its key comes from the provider's secret. */
  cipher: TokenCipher;
}

/** Plaid when PLAID_CLIENT_ID and PLAID_SECRET are set; otherwise null (no bank linking). */
export function bankLinkFromConfig(
  config: Pick<Config, 'PLAID_CLIENT_ID' | 'PLAID_SECRET' | 'PLAID_ENV'>,
  apiBase?: string,
): BankLink | null {
  if (!config.PLAID_CLIENT_ID || !config.PLAID_SECRET) return null;
  return {
    provider: new PlaidProvider({
      clientId: config.PLAID_CLIENT_ID,
      secret: config.PLAID_SECRET,
      environment: config.PLAID_ENV,
      ...(apiBase && { apiBase }),
    }),
    cipher: new TokenCipher(config.PLAID_SECRET),
  };
}
