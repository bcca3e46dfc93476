/**
 * The start-up step of DECISIONS.md #106: every bank credential still sealed under PLAID_SECRET
 * is sealed again under the bank key. A start-up step rather than migration 0047's SQL, because
 * SQL cannot run AES-GCM and neither key is in the database. Each row is replaced only while it
 * still holds the value read (compare and set), so processes starting together re-seal it once,
 * and a row that cannot be read (PLAID_SECRET changed before this upgrade) is left as it was: it
 * needed linking again before, and still does.
 */
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { BankTokenCipher } from './bank-token-cipher';
import { replaceSealedCredential, sealedCredentials } from './institutions.repo';

/** Answers how many credentials were re-sealed. */
export async function resealLegacyCredentials(
  db: Kysely<Database>,
  cipher: Pick<BankTokenCipher, 'encrypt' | 'decrypt'>,
  logger: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  let resealed = 0;
  for (const row of await sealedCredentials(db)) {
    if (!BankTokenCipher.isLegacy(row.access_token_encrypted)) continue;
    let plain: string;
    try {
      plain = cipher.decrypt(row.access_token_encrypted);
    } catch (error) {
      logger.warn(
        { institutionId: row.id, err: error instanceof Error ? error.message : String(error) },
        'a bank credential sealed under an earlier PLAID_SECRET cannot be read; that bank must be linked again',
      );
      continue;
    }
    if (await replaceSealedCredential(db, row.id, row.access_token_encrypted, cipher.encrypt(plain))) resealed += 1;
  }
  return resealed;
}
