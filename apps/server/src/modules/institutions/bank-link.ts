/** The configured bank providers with the cipher of their stored credentials, or none (DECISIONS.md #8, #106). */
import type { Config } from '../../config';
import type { BankProvider, BankProviderName } from './bank-link-provider';
import { PlaidProvider } from './plaid-provider';
import { TokenCipher } from '../../lib/token-cipher';
import { BankTokenCipher, bankKeySource } from './bank-token-cipher';
import { SimpleFinProvider } from './simplefin-provider';
import { EnableBankingProvider } from './enable-banking-provider';

export interface BankLink {
  /** Seals stored credentials (access tokens, access URLs) at rest, under the bank key (DECISIONS.md #106). */
  cipher: Pick<BankTokenCipher, 'encrypt' | 'decrypt'>;
  /** Plaid, when PLAID_CLIENT_ID and PLAID_SECRET are set. */
  plaid: PlaidProvider | null;
  /** SimpleFIN Bridge, whenever there is a bank key: it needs no server credentials of its own. */
  simplefin: SimpleFinProvider | null;
  /** Enable Banking (European banks), when ENABLE_BANKING_APP_ID and its private key are set (DECISIONS.md #111). */
  enableBanking?: EnableBankingProvider | null;
}

/** The provider a stored link was made through, or null when this server no longer offers it. */
export function providerFor(link: BankLink, name: BankProviderName): BankProvider | null {
  switch (name) {
    case 'plaid':
      return link.plaid;
    case 'simplefin':
      return link.simplefin;
    case 'enable_banking':
      return link.enableBanking ?? null;
  }
}

/**
 * SimpleFIN always, Plaid when PLAID_CLIENT_ID and PLAID_SECRET are set, Enable Banking with its app id and key; null (no bank linking)
 * without a bank key: PostgreSQL without BANK_TOKEN_ENCRYPTION_KEY (which config.ts refuses with Plaid).
 */
export function bankLinkFromConfig(
  config: Pick<
    Config,
    | 'APP_URL'
    | 'PLAID_CLIENT_ID'
    | 'PLAID_SECRET'
    | 'PLAID_ENV'
    | 'BANK_TOKEN_ENCRYPTION_KEY'
    | 'DATA_DIR'
    | 'DATABASE_URL'
    | 'SIMPLEFIN_ALLOWED_HOSTS'
    | 'ENABLE_BANKING_APP_ID'
    | 'ENABLE_BANKING_PRIVATE_KEY'
    | 'ENABLE_BANKING_API_URL'
  >,
  plaidApiBase?: string,
): BankLink | null {
  const keySource = bankKeySource(config);
  if (!keySource) return null;
  const plaidSecret = config.PLAID_CLIENT_ID && config.PLAID_SECRET ? config.PLAID_SECRET : undefined;
  return {
    plaid:
      config.PLAID_CLIENT_ID && plaidSecret
        ? new PlaidProvider({
            clientId: config.PLAID_CLIENT_ID,
            secret: plaidSecret,
            environment: config.PLAID_ENV,
            ...(plaidApiBase && { apiBase: plaidApiBase }),
            ...plaidWebhookUrl(config.APP_URL),
          })
        : null,
    simplefin: new SimpleFinProvider({ allowedHosts: config.SIMPLEFIN_ALLOWED_HOSTS }),
    enableBanking:
      config.ENABLE_BANKING_APP_ID && config.ENABLE_BANKING_PRIVATE_KEY
        ? new EnableBankingProvider({
            appId: config.ENABLE_BANKING_APP_ID,
            privateKey: config.ENABLE_BANKING_PRIVATE_KEY,
            apiUrl: config.ENABLE_BANKING_API_URL,
          })
        : null,
    // Credentials of links made before #106 were sealed under PLAID_SECRET: still read, re-sealed at start-up.
    cipher: new BankTokenCipher(keySource, config.PLAID_SECRET ? new TokenCipher(config.PLAID_SECRET) : null),
  };
}

/**
 * Where Plaid sends webhooks (DECISIONS.md #112): this server's own route under APP_URL, its public
 * address. Only over https: Plaid calls no plain-http address, and a development server's
 * http://localhost is out of its reach anyway; without one, the schedule still syncs every link.
 */
export function plaidWebhookUrl(appUrl: string): { webhookUrl?: string } {
  return appUrl.startsWith('https://') ? { webhookUrl: `${appUrl.replace(/\/+$/, '')}/api/webhooks/plaid` } : {};
}
