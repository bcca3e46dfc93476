/**
 * What the service worker keeps for offline reading (DECISIONS.md #34), shared by the worker
 * (src/service-worker/sw.ts) and the page that reads its answers and clears them.
 */
import { ROUTES, type RouteName } from '@mindspend/api-contract';

/** The Cache Storage bucket of saved API answers; the precached app shell lives elsewhere. */
export const API_CACHE = 'mindspend-api-answers';

/** Set by the worker on every answer it saves: when the server gave it (ISO 8601). */
export const SAVED_AT_HEADER = 'X-Mindspend-Saved-At';

/** The cache key's parameter naming whose session saved an answer (a hash, never the token). */
export const SESSION_KEY_PARAM = 'mindspend-session';

/** Saved answers are kept this long and at most this many (the oldest go first). */
export const API_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const API_CACHE_MAX_ENTRIES = 120;

/**
 * The GET routes whose answers the ledger month (one account or all), the budgets month and the
 * accounts list need to draw, and nothing else: insights, goals, settings, imports and downloads
 * always need a connection.
 */
const OFFLINE_READABLE = [
  'getCurrentMonth', // today's month, which the navigation links to
  'listAccounts',
  'listAccountTypes',
  'listAccountMonths',
  'listAccountMonthTransactions',
  'getBudgetsMonth',
  'listUnbudgetedSubcategories',
  'listBudgetMonthTransactions',
  'getBudget',
  'getExpectedIncome',
  'listIncomeCategories',
  'listExpenseCategories',
  'listEntities',
] as const satisfies readonly RouteName[];

// What a path parameter of these routes may be: ids are whole numbers, months and years dates.
const PARAM_PATTERNS: Record<string, string> = { month: String.raw`\d{1,2}`, year: String.raw`\d{4}` };

/** The table's path as a whole-path pattern: `/api/budgets/:id` → /^\/api\/budgets\/\d+$/. */
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/:(\w+)/g, (_, name: string) => PARAM_PATTERNS[name] ?? String.raw`\d+`)}$`);

const OFFLINE_PATTERNS = OFFLINE_READABLE.map((name) => pathPattern(ROUTES[name].path));

/** Whether an answer to GET `path` (the URL's path, `/api/…`, query string excluded) is saved for offline reading. */
export function isOfflineReadable(path: string): boolean {
  return OFFLINE_PATTERNS.some((pattern) => pattern.test(path));
}
