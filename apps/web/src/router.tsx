/**
 * Every route of spec §2.1 with its navigation guard. Each screen is loaded lazily (the router's
 * `lazy`), so the entry chunk holds only the layout, the guards and the libraries every screen
 * shares: a public page never downloads the signed-in app, and the chart libraries come with the
 * insights screen alone (DECISIONS.md #32). The browser's router is made of them in
 * browser-router.ts; the build renders the public pages from them too (prerender.tsx).
 */
import { lazy } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { AppLayout } from './components/AppLayout';
import { PageLoader } from './components/PageLoader';
import { RedirectIfSignedIn } from './components/RedirectIfSignedIn';
import { SUMMARY_KINDS } from './features/budgets/summary-kinds';
import { loadQueryClient } from './lib/query-client-slot';

const publicRoutes: RouteObject[] = [
  {
    element: <RedirectIfSignedIn />,
    children: [
      {
        index: true,
        id: 'home',
        lazy: () => import('./features/landing/LandingPage').then((m) => ({ Component: m.LandingPage })),
      },
      {
        path: 'login',
        id: 'login',
        lazy: () => import('./features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'signup',
        id: 'signup',
        lazy: () => import('./features/auth/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: 'register',
        id: 'register',
        lazy: () => import('./features/auth/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
      },
    ],
  },
  {
    // Where single sign-on comes back with its hand-over code (DECISIONS.md #81); outside the
    // signed-in redirect, so the code is always exchanged.
    path: 'auth/oidc',
    id: 'oidcSignIn',
    lazy: () => import('./features/auth/OidcSignInPage').then((m) => ({ Component: m.OidcSignInPage })),
  },
  {
    path: 'terms',
    id: 'terms',
    lazy: () => import('./features/legal/TermsPage').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: 'password/reset',
    id: 'forgotPassword',
    lazy: () =>
      import('./features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: 'reset-password/:token/:email',
    id: 'resetPassword',
    lazy: () => import('./features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    // An invitation link (issue 25): open to everyone; the page itself asks a visitor to sign in.
    path: 'invitations/:token',
    id: 'invitation',
    // It reads the invitation through TanStack Query, which a public page has to load first.
    lazy: () =>
      Promise.all([import('./features/books/InvitationPage'), loadQueryClient()]).then(([m]) => ({
        Component: m.InvitationPage,
      })),
  },
  {
    path: 'contact',
    id: 'contact',
    lazy: () => import('./features/contact/ContactPage').then((m) => ({ Component: m.ContactPage })),
  },
];

const ledgerPage = () => import('./features/ledger/LedgerPage').then((m) => ({ Component: m.LedgerPage }));
/**
 * The ledger's data is asked for while its code downloads (features/ledger/ledger-prefetch.ts);
 * the loader returns at once, so it never holds the screen back.
 */
const prefetchLedger = ({ params }: LoaderFunctionArgs) => {
  void import('./features/ledger/ledger-prefetch').then((m) => m.prefetchLedger(params));
  return null;
};
const budgetsPage = () =>
  import('./features/budgets/BudgetsPage').then((m) => ({ Component: m.BudgetsPage }));

/** The guard and the other layouts around every signed-in screen, one file (signed-in-layouts.ts). */
const signedInLayouts = () => import('./signed-in-layouts');

/** The navigation bar's book switcher, loaded once someone is signed in (issue 25). */
const BookSwitcher = lazy(() => import('./features/books/BookSwitcher').then((m) => ({ default: m.BookSwitcher })));

const protectedRoutes: RouteObject[] = [
  {
    path: 'settings',
    id: 'settings',
    lazy: () => import('./features/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: 'settings/rules',
    id: 'rules',
    lazy: () => import('./features/rules/RulesPage').then((m) => ({ Component: m.RulesPage })),
  },
  {
    path: 'settings/password/edit',
    id: 'editPassword',
    lazy: () =>
      import('./features/settings/SettingsPage').then(({ SettingsPage }) => ({
        element: <SettingsPage editPassword />,
      })),
  },
  {
    path: 'institutions/callback',
    id: 'enableBankingCallback',
    lazy: () =>
      import('./features/institutions/EnableBankingCallbackPage').then((m) => ({
        Component: m.EnableBankingCallbackPage,
      })),
  },
  {
    path: 'connected-institutions',
    id: 'connectedInstitutions',
    lazy: () =>
      import('./features/institutions/ConnectedInstitutionsPage').then((m) => ({
        Component: m.ConnectedInstitutionsPage,
      })),
  },
  {
    path: 'support',
    id: 'support',
    lazy: () => import('./features/contact/SupportPage').then((m) => ({ Component: m.SupportPage })),
  },
  {
    path: 'budgets/month/:month/year/:year',
    id: 'budgets',
    lazy: budgetsPage,
    children: SUMMARY_KINDS.map((kind) => ({
      path: kind,
      lazy: () =>
        import('./features/budgets/SummaryModal').then(({ SummaryModal }) => ({
          element: <SummaryModal kind={kind} />,
        })),
    })),
  },
  {
    path: 'budgets/:id/year/:year/month/:month',
    id: 'budget-by-id-month-year',
    lazy: budgetsPage,
    children: [
      {
        path: 'transactions',
        id: 'budgetTransactions',
        lazy: () =>
          import('./features/budgets/BudgetDetailModal').then((m) => ({ Component: m.BudgetDetailModal })),
      },
    ],
  },
  {
    path: 'edit-budget/:id/:year/:month',
    id: 'editBudget',
    lazy: async () => {
      const [{ BudgetsPage }, { EditBudgetModal }] = await Promise.all([
        import('./features/budgets/BudgetsPage'),
        import('./features/budgets/EditBudgetModal'),
      ]);
      return { element: <BudgetsPage modal={<EditBudgetModal />} /> };
    },
  },
  {
    path: 'ledger',
    id: 'ledger',
    lazy: ledgerPage,
    loader: prefetchLedger,
    children: [
      {
        path: 'edit-transaction/:id',
        id: 'editTransaction',
        lazy: () =>
          import('./features/transactions/EditTransactionModal').then((m) => ({
            Component: m.EditTransactionModal,
          })),
      },
      {
        path: 'view-transaction/:id',
        id: 'viewTransaction',
        lazy: () =>
          import('./features/transactions/TransactionDetailsModal').then((m) => ({
            Component: m.TransactionDetailsModal,
          })),
      },
      {
        path: 'add-entity',
        id: 'addEntity',
        lazy: () =>
          import('./features/transactions/EntityRoutes').then((m) => ({ Component: m.AddEntityRoute })),
      },
      {
        path: 'entities/:id/edit',
        id: 'editEntity',
        lazy: () =>
          import('./features/transactions/EntityRoutes').then((m) => ({ Component: m.EditEntityRoute })),
      },
      {
        path: 'add-transaction',
        id: 'addTransaction',
        lazy: () =>
          import('./features/transactions/NewTransactionModal').then((m) => ({
            Component: m.NewTransactionModal,
          })),
      },
      {
        path: 'pause-purchase',
        id: 'pausePurchase',
        lazy: () => import('./features/pauses/PauseLedgerModal').then((m) => ({ Component: m.PauseLedgerModal })),
      },
      {
        path: 'add-transfer',
        id: 'addTransfer',
        lazy: () => import('./features/transfers/TransferModals').then((m) => ({ Component: m.NewTransferModal })),
      },
      {
        path: 'edit-transfer/:id',
        id: 'editTransfer',
        lazy: () => import('./features/transfers/TransferModals').then((m) => ({ Component: m.EditTransferModal })),
      },
      {
        path: 'createAccount',
        id: 'createAccount',
        lazy: () =>
          import('./features/accounts/NewAccountModal').then((m) => ({ Component: m.NewAccountModal })),
      },
      {
        path: 'editAccount/:id',
        id: 'editAccount',
        lazy: () =>
          import('./features/accounts/EditAccountModal').then((m) => ({ Component: m.EditAccountModal })),
      },
    ],
  },
  { path: 'ledger/accounts/:accountId', id: 'ledger-account', lazy: ledgerPage, loader: prefetchLedger },
  {
    path: 'ledger/accounts/:accountId/month/:month/year/:year',
    id: 'ledger-account-month-year',
    lazy: ledgerPage,
    loader: prefetchLedger,
  },
  {
    path: 'import-transactions',
    id: 'importTransactions',
    // The modal opens over the ledger it returns to.
    lazy: async () => {
      const [{ LedgerPage }, { ImportTransactionsModal }] = await Promise.all([
        import('./features/ledger/LedgerPage'),
        import('./features/imports/ImportTransactionsModal'),
      ]);
      return {
        element: (
          <>
            <LedgerPage />
            <ImportTransactionsModal />
          </>
        ),
      };
    },
  },
  {
    path: 'import-from-app',
    id: 'importFromApp',
    // Like Import Transactions, over the ledger it returns to.
    lazy: async () => {
      const [{ LedgerPage }, { SwitchFromAppModal }] = await Promise.all([
        import('./features/ledger/LedgerPage'),
        import('./features/switching/SwitchFromAppModal'),
      ]);
      return {
        element: (
          <>
            <LedgerPage />
            <SwitchFromAppModal />
          </>
        ),
      };
    },
  },
  {
    path: 'income',
    id: 'income',
    lazy: () => import('./features/income/IncomePage').then((m) => ({ Component: m.IncomePage })),
    children: [
      {
        path: 'add',
        id: 'addIncome',
        lazy: () => import('./features/income/AddIncomeModal').then((m) => ({ Component: m.AddIncomeModal })),
      },
      {
        path: ':id/edit',
        id: 'editIncome',
        lazy: () =>
          import('./features/income/EditIncomeModal').then((m) => ({ Component: m.EditIncomeModal })),
      },
    ],
  },
  {
    path: 'add',
    id: 'quickAdd',
    lazy: () => import('./features/quick-add/QuickAddPage').then((m) => ({ Component: m.QuickAddPage })),
  },
  {
    // Scan a receipt (issue 33, DECISIONS.md #114): a photo read, prefilled, attached.
    path: 'capture',
    id: 'capture',
    lazy: () => import('./features/capture/CapturePage').then((m) => ({ Component: m.CapturePage })),
  },
  {
    path: 'goals',
    id: 'goals',
    lazy: () => import('./features/goals/GoalsPage').then((m) => ({ Component: m.GoalsPage })),
  },
  {
    // The pause list (issue 31): purchases considered, their forecasts and decisions.
    path: 'pauses',
    id: 'pauses',
    lazy: () => import('./features/pauses/PausesPage').then((m) => ({ Component: m.PausesPage })),
  },
  {
    // Subscriptions found in the expenses (issue 31), not the person's plan (billing's /subscription).
    path: 'subscriptions',
    id: 'detectedSubscriptions',
    lazy: () =>
      import('./features/subscriptions/SubscriptionsPage').then((m) => ({ Component: m.SubscriptionsPage })),
  },
  {
    path: 'insights',
    id: 'insights',
    lazy: () => import('./features/insights/InsightsPage').then((m) => ({ Component: m.InsightsPage })),
  },
  {
    path: 'reports',
    id: 'reports',
    lazy: () => import('./features/reports/ReportsPage').then((m) => ({ Component: m.ReportsPage })),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout bookSwitcher={BookSwitcher} />,
    children: [
      {
        // While the first screen's code arrives, the navigation bar shows above a spinner.
        HydrateFallback: PageLoader,
        children: [
          ...publicRoutes,
          {
            // The guard comes with the signed-in screens (and the CSS only they use).
            lazy: () => signedInLayouts().then((m) => ({ Component: m.RequireAuth })),
            children: [
              {
                // Transactions kept on the device while offline are sent from every signed-in screen.
                lazy: () => signedInLayouts().then((m) => ({ Component: m.SendWaitingEntries })),
                children: [
                  {
                    // Amounts in the current book's currency and the person's number format.
                    lazy: () => signedInLayouts().then((m) => ({ Component: m.MoneyFormatBoundary })),
                    children: protectedRoutes,
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            lazy: () => import('./components/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];

