/** Every route of spec §2.1 with its navigation guard. */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './components/AppLayout';
import { NotFoundPage } from './components/NotFoundPage';
import { RedirectIfSignedIn } from './components/RedirectIfSignedIn';
import { RequireAuth } from './components/RequireAuth';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage';
import { LoginPage } from './features/auth/LoginPage';
import { RegisterPage } from './features/auth/RegisterPage';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage';
import { ContactPage } from './features/contact/ContactPage';
import { SupportPage } from './features/contact/SupportPage';
import { ConnectedInstitutionsPage } from './features/institutions/ConnectedInstitutionsPage';
import { EditAccountModal } from './features/accounts/EditAccountModal';
import { BudgetDetailModal } from './features/budgets/BudgetDetailModal';
import { BudgetsPage } from './features/budgets/BudgetsPage';
import { EditBudgetModal } from './features/budgets/EditBudgetModal';
import { SummaryModal } from './features/budgets/SummaryModal';
import { SUMMARY_KINDS } from './features/budgets/budget-view';
import { NewAccountModal } from './features/accounts/NewAccountModal';
import { LandingPage } from './features/landing/LandingPage';
import { ImportTransactionsModal } from './features/imports/ImportTransactionsModal';
import { LedgerPage } from './features/ledger/LedgerPage';
import { TermsPage } from './features/legal/TermsPage';
import { GoalsPage } from './features/goals/GoalsPage';
import { AddIncomeModal } from './features/income/AddIncomeModal';
import { EditIncomeModal } from './features/income/EditIncomeModal';
import { IncomePage } from './features/income/IncomePage';
import { InsightsPage } from './features/insights/InsightsPage';
import { SettingsPage } from './features/settings/SettingsPage';
import { EditTransactionModal } from './features/transactions/EditTransactionModal';
import { AddEntityRoute, EditEntityRoute } from './features/transactions/EntityRoutes';
import { NewTransactionModal } from './features/transactions/NewTransactionModal';
import { TransactionDetailsModal } from './features/transactions/TransactionDetailsModal';

const publicRoutes: RouteObject[] = [
  {
    element: <RedirectIfSignedIn />,
    children: [
      { index: true, id: 'home', element: <LandingPage /> },
      { path: 'login', id: 'login', element: <LoginPage /> },
      { path: 'signup', id: 'signup', element: <RegisterPage /> },
      { path: 'register', id: 'register', element: <RegisterPage /> },
    ],
  },
  { path: 'terms', id: 'terms', element: <TermsPage /> },
  { path: 'password/reset', id: 'forgotPassword', element: <ForgotPasswordPage /> },
  { path: 'reset-password/:token/:email', id: 'resetPassword', element: <ResetPasswordPage /> },
  { path: 'contact', id: 'contact', element: <ContactPage /> },
];

const protectedRoutes: RouteObject[] = [
  { path: 'settings', id: 'settings', element: <SettingsPage /> },
  { path: 'settings/password/edit', id: 'editPassword', element: <SettingsPage editPassword /> },
  { path: 'connected-institutions', id: 'connectedInstitutions', element: <ConnectedInstitutionsPage /> },
  { path: 'support', id: 'support', element: <SupportPage /> },
  {
    path: 'budgets/month/:month/year/:year',
    id: 'budgets',
    element: <BudgetsPage />,
    children: SUMMARY_KINDS.map((kind) => ({ path: kind, element: <SummaryModal kind={kind} /> })),
  },
  {
    path: 'budgets/:id/year/:year/month/:month',
    id: 'budget-by-id-month-year',
    element: <BudgetsPage />,
    children: [{ path: 'transactions', id: 'budgetTransactions', element: <BudgetDetailModal /> }],
  },
  {
    path: 'edit-budget/:id/:year/:month',
    id: 'editBudget',
    element: <BudgetsPage modal={<EditBudgetModal />} />,
  },
  {
    path: 'ledger',
    id: 'ledger',
    element: <LedgerPage />,
    children: [
      { path: 'edit-transaction/:id', id: 'editTransaction', element: <EditTransactionModal /> },
      { path: 'view-transaction/:id', id: 'viewTransaction', element: <TransactionDetailsModal /> },
      { path: 'add-entity', id: 'addEntity', element: <AddEntityRoute /> },
      { path: 'entities/:id/edit', id: 'editEntity', element: <EditEntityRoute /> },
      { path: 'add-transaction', id: 'addTransaction', element: <NewTransactionModal /> },
      { path: 'createAccount', id: 'createAccount', element: <NewAccountModal /> },
      { path: 'editAccount/:id', id: 'editAccount', element: <EditAccountModal /> },
    ],
  },
  { path: 'ledger/accounts/:accountId', id: 'ledger-account', element: <LedgerPage /> },
  {
    path: 'ledger/accounts/:accountId/month/:month/year/:year',
    id: 'ledger-account-month-year',
    element: <LedgerPage />,
  },
  {
    path: 'import-transactions',
    id: 'importTransactions',
    // The modal opens over the ledger it returns to.
    element: (
      <>
        <LedgerPage />
        <ImportTransactionsModal />
      </>
    ),
  },
  {
    path: 'income',
    id: 'income',
    element: <IncomePage />,
    children: [
      { path: 'add', id: 'addIncome', element: <AddIncomeModal /> },
      { path: ':id/edit', id: 'editIncome', element: <EditIncomeModal /> },
    ],
  },
  { path: 'goals', id: 'goals', element: <GoalsPage /> },
  { path: 'insights', id: 'insights', element: <InsightsPage /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: protectedRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
