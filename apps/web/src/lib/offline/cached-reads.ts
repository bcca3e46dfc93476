/**
 * What the service worker keeps for offline reading (DECISIONS.md #34), shared by the worker
 * (src/service-worker/sw.ts) and the page that reads its answers and clears them.
 */

/** The Cache Storage bucket of saved API answers; the precached app shell lives elsewhere. */
export const API_CACHE = 'mindspend-api-answers';

/** Set by the worker on every answer it saves: when the server gave it (ISO 8601). */
export const SAVED_AT_HEADER = 'X-Mindspend-Saved-At';

/** The cache key's parameter naming whose session saved an answer (a hash, never the token). */
export const SESSION_KEY_PARAM = 'mindspend-session';

/** Saved answers are kept this long and at most this many (the oldest go first). */
export const API_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const API_CACHE_MAX_ENTRIES = 120;

const MONTH = String.raw`month/\d{1,2}/year/\d{4}`;

/**
 * The GET answers (paths under /api) the ledger month (one account or all), the budgets month and
 * the accounts list need to draw, and nothing else: insights, goals, settings, imports and
 * downloads always need a connection.
 */
const OFFLINE_READABLE = [
  /^\/month$/, // today's month, which the navigation links to
  /^\/accounts$/,
  /^\/accounts\/types$/,
  new RegExp(`^/accounts/${MONTH}$`),
  new RegExp(`^/accounts/\\d+/transactions/${MONTH}$`),
  new RegExp(`^/budgets/${MONTH}$`),
  new RegExp(`^/budgets/unbudgeted/${MONTH}$`),
  new RegExp(`^/budgets/\\d+/transactions/${MONTH}$`),
  /^\/budgets\/\d+$/,
  new RegExp(`^/income-sources/expected/${MONTH}$`),
  /^\/transactions\/categories\/(income|expenses)$/,
  /^\/transactions\/entities$/,
];

/** Whether an answer to GET `/api{apiPath}` (query string excluded) is saved for offline reading. */
export function isOfflineReadable(apiPath: string): boolean {
  return OFFLINE_READABLE.some((pattern) => pattern.test(apiPath));
}
