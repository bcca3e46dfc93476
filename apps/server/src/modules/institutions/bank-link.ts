/** The configured bank providers with the cipher of their stored credentials, or none (DECISIONS.md #8, #106). */
import type { Config } from '../../config';
import type { BankProvider, BankProviderName } from './bank-link-provider';
import { PlaidProvider } from './plaid-provider';
import { TokenCipher } from '../../lib/token-cipher';

export interface BankLink {
  /** Seals stored credentials (access tokens, access URLs) at rest. */
  cipher: Pick<TokenCipher, 'encrypt' | 'decrypt'>;
  /** Plaid, when PLAID_CLIENT_ID and PLAID_SECRET are set. */
  plaid: PlaidProvider | null;
}

/** The provider a stored link was made through, or null when this server no longer offers it. */
export function providerFor(link: BankLink, name: BankProviderName): BankProvider | null {
  switch (name) {
    case 'plaid':
      return link.plaid;
    case 'simplefin':
      return null;
  }
}

/** Plaid when PLAID_CLIENT_ID and PLAID_SECRET are set; otherwise null (no bank linking). */
export function bankLinkFromConfig(
  config: Pick<Config, 'PLAID_CLIENT_ID' | 'PLAID_SECRET' | 'PLAID_ENV'>,
  apiBase?: string,
): BankLink | null {
  if (!config.PLAID_CLIENT_ID || !config.PLAID_SECRET) return null;
  return {
    plaid: new PlaidProvider({
      clientId: config.PLAID_CLIENT_ID,
      secret: config.PLAID_SECRET,
      environment: config.PLAID_ENV,
      ...(apiBase && { apiBase }),
    }),
    cipher: new TokenCipher(config.PLAID_SECRET),
  };
}
