// The routes whose first load is measured (scripts/web/route-budgets.ts, the bench's web stage),
// each named by the source module(s) apps/web/src/router.tsx loads lazily for it: their chunks are
// found through the build's manifest, so no file name or hash is kept here. A route whose module
// the router stopped loading lazily fails the check instead of being measured wrongly.
//
// Budgets in bytes on the wire (brotli), KB = 1000 bytes (issue 13).
export interface MeasuredRoute {
  name: string;
  /** A path the route answers, for people reading the table and for the browser bench. */
  path: string;
  /** Manifest keys: source paths relative to apps/web. */
  modules: string[];
  budgetBytes?: number;
  /** Source paths (as in the build's source maps) this route's first load must not include. */
  mustNotLoad?: RegExp;
}

/**
 * The signed-in app: its screens' folders and the libraries only they use (the windowed table,
 * the date pickers, the charts, TanStack Query's core: DECISIONS.md #115). A public page loads none of it (issue 13), but for the names of
 * the budgets page's summary routes (features/budgets/summary-kinds.ts), which the router needs.
 */
const SIGNED_IN_APP =
  /src\/features\/((ledger|insights|reports|settings|income|goals|transactions|accounts|imports|institutions|categorize|entities)\/|budgets\/(?!summary-kinds\.ts$))|node_modules\/(@tanstack\/(react-virtual|query-core)|@mantine\/dates|@mantine\/charts|recharts)\//;
/** The chart libraries: only the insights and reports screens show charts. */
const CHARTS = /node_modules\/(@mantine\/charts|recharts|d3-[a-z-]+)\//;

/** The guard and the layouts every signed-in route loads lazily with its screen. */
const SIGNED_IN = 'src/signed-in-layouts.ts';

export const MEASURED_ROUTES: MeasuredRoute[] = [
  {
    name: 'public landing',
    path: '/',
    modules: ['src/features/landing/LandingPage.tsx'],
    budgetBytes: 150_000,
    mustNotLoad: SIGNED_IN_APP,
  },
  {
    name: 'login',
    path: '/login',
    modules: ['src/features/auth/LoginPage.tsx'],
    budgetBytes: 170_000,
    mustNotLoad: SIGNED_IN_APP,
  },
  {
    name: 'sign-up',
    path: '/signup',
    modules: ['src/features/auth/RegisterPage.tsx'],
    mustNotLoad: SIGNED_IN_APP,
  },
  {
    name: 'ledger month',
    path: '/ledger/accounts/{id}/month/{m}/year/{y}',
    modules: [SIGNED_IN, 'src/features/ledger/LedgerPage.tsx'],
    budgetBytes: 300_000,
    mustNotLoad: CHARTS,
  },
  {
    name: 'budgets month',
    path: '/budgets/month/{m}/year/{y}',
    modules: [SIGNED_IN, 'src/features/budgets/BudgetsPage.tsx'],
    mustNotLoad: CHARTS,
  },
  { name: 'insights', path: '/insights', modules: [SIGNED_IN, 'src/features/insights/InsightsPage.tsx'] },
  { name: 'reports', path: '/reports', modules: [SIGNED_IN, 'src/features/reports/ReportsPage.tsx'] },
  {
    name: 'settings',
    path: '/settings',
    modules: [SIGNED_IN, 'src/features/settings/SettingsPage.tsx'],
    mustNotLoad: CHARTS,
  },
];
