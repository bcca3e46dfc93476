/**
 * Fetching the ECB's reference rates (DECISIONS.md #87): one GET of FX_RATES_URL (the daily file,
 * the 90-day or the full history: all are read alike), the figures parsed by the domain and stored
 * once per currency and day. A process that stores what another already has stores nothing again.
 */
import { parseEcbRates } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type Clock, isoNow } from '../../lib/clock';
import { insertEcbFigures } from './ecb-rates.repo';

/** A slow host must not hold a run (and its lease) for long. */
const FETCH_TIMEOUT_MS = 30_000;
/** The full history since 1999 is about 7 MB; anything much larger is not the ECB's file. */
const MAX_FILE_CHARACTERS = 32 * 1024 * 1024;

export interface EcbFetchDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** What one fetch found and stored. */
export interface EcbFetchSummary {
  days: number;
  figures: number;
  /** Figures new to the database. */
  stored: number;
  /** Figures passed over (an unknown code, a rate or a date that is not one). */
  skipped: number;
  /** The file's earliest day, from which stored figures may change converted amounts; null for an empty file. */
  firstDay: string | null;
}

/** GETs the file at `url`, reads it, stores its figures; throws, naming the reason, when any step fails. */
export async function fetchEcbRates(deps: EcbFetchDeps, url: string): Promise<EcbFetchSummary> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/xml, text/xml' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new Error(`Fetching the exchange rates failed: ${error instanceof Error ? error.message : String(error)}${cause}`, { cause: error });
  }
  if (!response.ok) throw new Error(`Fetching the exchange rates failed: the server answered ${response.status}.`);
  const text = await response.text();
  if (text.length > MAX_FILE_CHARACTERS) throw new Error(`The exchange rates file is larger than ${MAX_FILE_CHARACTERS} characters.`);
  const { days, skipped } = parseEcbRates(text);
  const rows = days.flatMap((day) => day.figures.map((figure) => ({ currency: figure.currency, date: day.date, per_eur: figure.perEur })));
  const stored = await insertEcbFigures(deps.db, rows, isoNow(deps.clock));
  const firstDay = rows.reduce<string | null>((first, row) => (first === null || row.date < first ? row.date : first), null);
  return { days: days.length, figures: rows.length, stored, skipped, firstDay };
}
