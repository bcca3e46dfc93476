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
}

/** The guard every signed-in route loads lazily with its screen. */
const SIGNED_IN = 'src/components/RequireAuth.tsx';

export const MEASURED_ROUTES: MeasuredRoute[] = [
  { name: 'public landing', path: '/', modules: ['src/features/landing/LandingPage.tsx'], budgetBytes: 150_000 },
  { name: 'login', path: '/login', modules: ['src/features/auth/LoginPage.tsx'], budgetBytes: 170_000 },
  { name: 'sign-up', path: '/signup', modules: ['src/features/auth/RegisterPage.tsx'] },
  {
    name: 'ledger month',
    path: '/ledger/accounts/{id}/month/{m}/year/{y}',
    modules: [SIGNED_IN, 'src/features/ledger/LedgerPage.tsx'],
    budgetBytes: 300_000,
  },
  { name: 'budgets month', path: '/budgets/month/{m}/year/{y}', modules: [SIGNED_IN, 'src/features/budgets/BudgetsPage.tsx'] },
  { name: 'insights', path: '/insights', modules: [SIGNED_IN, 'src/features/insights/InsightsPage.tsx'] },
  { name: 'settings', path: '/settings', modules: [SIGNED_IN, 'src/features/settings/SettingsPage.tsx'] },
];
