/**
 * One sync of one link with its result kept (DECISIONS.md #106): the time, the rows it added or
 * what went wrong, the provider's notices, and when the schedule takes the link up next — the
 * interval after a success, a backoff after failures. "Sync now" and the schedule both come here.
 */
import { nextSyncDelayMinutes } from '@mindspend/domain';
import type { LinkedInstitutionRow } from '../../db/bank-link-schema';
import type { BookScope } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/http-errors';
import type { BankLink } from './bank-link';
import { InstitutionNeedsRelink, type SyncResult, syncInstitution } from './bank-sync';
import { recordSyncResult } from './institutions.repo';

const SYNC_FAILED = 'The last sync failed for a reason on the server; it is tried again later.';

export async function syncAndRecord(
  deps: AppDeps,
  link: BankLink,
  scope: BookScope,
  institution: LinkedInstitutionRow,
): Promise<SyncResult> {
  const started = deps.clock.now();
  const at = started.toISOString();
  const interval = deps.config.BANK_SYNC_INTERVAL_MINUTES;
  const after = (minutes: number) => new Date(started.getTime() + minutes * 60_000).toISOString();
  try {
    const result = await syncInstitution(deps, link, scope, institution);
    await recordSyncResult(deps.db, institution.id, { ok: true, at, added: result.imported, notices: result.notices, nextSyncAt: after(interval) });
    return result;
  } catch (error) {
    await recordSyncResult(deps.db, institution.id, {
      ok: false,
      at,
      error: failureWords(error),
      nextSyncAt: (failures) => after(nextSyncDelayMinutes(failures, interval)),
    });
    throw error;
  }
}

/** What the person reads about a failed sync: never a credential, never a stack. */
function failureWords(error: unknown): string {
  if (error instanceof InstitutionNeedsRelink) return `Re-link needed: ${error.providerMessage}`;
  if (error instanceof HttpError) return error.message;
  return SYNC_FAILED;
}
