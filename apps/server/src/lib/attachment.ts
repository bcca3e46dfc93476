/** The Content-Disposition of a downloaded file named for today, as the export and the backup send theirs. */
import type { Clock } from './clock';

/** `attachment; filename="mindspend-<what>-YYYY-MM-DD.<extension>"`, dated by the server's clock (UTC). */
export function datedAttachment(clock: Clock, what: string, extension: string): string {
  const today = clock.now().toISOString().slice(0, 10);
  return `attachment; filename="mindspend-${what}-${today}.${extension}"`;
}
