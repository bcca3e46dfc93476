/**
 * The key two-factor secrets (DECISIONS.md #28) and webhook signing secrets (DECISIONS.md #94) are
 * sealed under, each with a purpose of its own: TWO_FACTOR_ENCRYPTION_KEY, or else a random key
 * created once in DATA_DIR/two-factor.key (required on PostgreSQL: DECISIONS.md #93).
 */
import type { Config } from '../config';
import { dataDirKey } from './data-dir-key';

export const SEALING_KEY_FILE = 'two-factor.key';

export type SealingKeyConfig = Pick<Config, 'TWO_FACTOR_ENCRYPTION_KEY' | 'DATA_DIR'>;

export function sealingKeyMaterial(config: SealingKeyConfig): string {
  return config.TWO_FACTOR_ENCRYPTION_KEY ?? dataDirKey(config.DATA_DIR, SEALING_KEY_FILE);
}
