/**
 * Every route the server registers, spelled once (issue 26): its method, its path in Fastify's
 * form, and a one-line summary, keyed by its name. The name is the operation's `operationId` in
 * the API document (docs/API.md#the-openapi-document), and the seed of a typed client; the server's API document test
 * fails on a registered route missing here, and on an entry here that the server does not register.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  readonly method: HttpMethod;
  /** Fastify's form: `/api/accounts/:id`. */
  readonly path: `/${string}`;
  /** One line for a person reading the reference: what the route does. */
  readonly summary: string;
}

export const ROUTES = {
  // Operations and sign-in
  getMetrics: { method: 'GET', path: '/metrics', summary: 'Prometheus metrics (with METRICS_TOKEN set)' },
  getHealth: { method: 'GET', path: '/api/health', summary: 'Whether the server and its database answer' },
  getAuthConfig: {
    method: 'GET',
    path: '/api/auth/config',
    summary: 'What sign-in and sign-up offer on this server',
  },
  login: { method: 'POST', path: '/api/login', summary: 'Sign in with e-mail and password' },
  register: { method: 'POST', path: '/api/register', summary: 'Create an account' },
  logout: { method: 'POST', path: '/api/logout', summary: 'Sign out this session' },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/forgot-password',
    summary: 'E-mail a password reset link',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/reset-password',
    summary: 'Set a new password with a reset link',
  },
  changePassword: { method: 'POST', path: '/api/users/change-password', summary: 'Change the password' },
  listSessions: { method: 'GET', path: '/api/user/sessions', summary: 'List the signed-in devices' },
  deleteSession: { method: 'DELETE', path: '/api/user/sessions/:id', summary: 'Sign out one device' },
  signOutSessions: {
    method: 'POST',
    path: '/api/user/sessions/sign-out',
    summary: 'Sign out the given devices',
  },
  deleteOtherSessions: {
    method: 'DELETE',
    path: '/api/user/sessions',
    summary: 'Sign out every other device',
  },
  startOidcSignIn: {
    method: 'GET',
    path: '/api/auth/oidc/start',
    summary: 'Start single sign-on (redirects to the provider)',
  },
  finishOidcSignIn: {
    method: 'GET',
    path: '/api/auth/oidc/callback',
    summary: 'Return from the provider (redirects to the web app)',
  },
  exchangeOidcCode: {
    method: 'POST',
    path: '/api/auth/oidc/exchange',
    summary: 'Exchange a single sign-on code for a session',
  },
  linkOidcIdentity: {
    method: 'POST',
    path: '/api/auth/oidc/link',
    summary: 'Link single sign-on to an existing account',
  },
  startTwoFactorSetup: {
    method: 'POST',
    path: '/api/user/two-factor',
    summary: 'Start setting up two-factor sign-in',
  },
  confirmTwoFactor: {
    method: 'POST',
    path: '/api/user/two-factor/confirm',
    summary: 'Turn two-factor sign-in on with a first code',
  },
  disableTwoFactor: {
    method: 'DELETE',
    path: '/api/user/two-factor',
    summary: 'Turn two-factor sign-in off',
  },
  listPasskeys: { method: 'GET', path: '/api/user/passkeys', summary: 'List the passkeys' },
  getPasskeyRegistrationOptions: {
    method: 'POST',
    path: '/api/user/passkeys/registration-options',
    summary: 'WebAuthn options for adding a passkey',
  },
  createPasskey: { method: 'POST', path: '/api/user/passkeys', summary: 'Add a passkey' },
  deletePasskey: { method: 'DELETE', path: '/api/user/passkeys/:id', summary: 'Remove a passkey' },
  getPasskeyLoginOptions: {
    method: 'POST',
    path: '/api/login/passkey/options',
    summary: 'WebAuthn options for signing in with a passkey',
  },
  loginWithPasskey: { method: 'POST', path: '/api/login/passkey', summary: 'Sign in with a passkey' },

  // The person
  getCurrentUser: { method: 'GET', path: '/api/user', summary: 'The signed-in user' },
  updateUser: { method: 'PATCH', path: '/api/users/:id', summary: 'Change the profile, e-mail or settings' },
  deleteUser: { method: 'DELETE', path: '/api/users/:id', summary: 'Delete the account' },
  getCurrentMonth: { method: 'GET', path: '/api/month', summary: "Today's date in the user's timezone" },
  listNotifications: { method: 'GET', path: '/api/notifications', summary: 'The newest notices' },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Mark notices read up to one',
  },
  sendContactMessage: { method: 'POST', path: '/api/contact', summary: 'Write to support' },
  getSubscription: { method: 'GET', path: '/api/subscription', summary: 'The plan and its renewal' },
  startSubscription: { method: 'POST', path: '/api/subscription', summary: 'Upgrade to the paid plan' },
  cancelSubscription: { method: 'DELETE', path: '/api/subscription', summary: 'Cancel the paid plan' },
  getBillingConfig: { method: 'GET', path: '/api/billing/config', summary: 'How the browser takes a card' },
  listPersonalTokens: { method: 'GET', path: '/api/user/tokens', summary: 'List the personal access tokens' },
  createPersonalToken: {
    method: 'POST',
    path: '/api/user/tokens',
    summary: 'Create a personal access token',
  },
  deletePersonalToken: {
    method: 'DELETE',
    path: '/api/user/tokens/:id',
    summary: 'Revoke a personal access token',
  },

  // Banks
  listInstitutions: { method: 'GET', path: '/api/institutions', summary: 'List the linked banks' },
  createLinkToken: {
    method: 'POST',
    path: '/api/institutions/link-token',
    summary: 'A token to open the bank link widget',
  },
  linkInstitution: { method: 'POST', path: '/api/institutions', summary: 'Link a bank' },
  markInstitutionRelinked: {
    method: 'POST',
    path: '/api/institutions/:id/relinked',
    summary: 'Record that a bank was linked again',
  },
  deleteInstitution: { method: 'DELETE', path: '/api/institutions/:id', summary: 'Unlink a bank' },
  importBankTransactions: {
    method: 'POST',
    path: '/api/transactions/import',
    summary: 'Bring in new transactions from every linked bank',
  },

  // Accounts
  listAccounts: { method: 'GET', path: '/api/accounts', summary: 'List the accounts' },
  listAccountTypes: { method: 'GET', path: '/api/accounts/types', summary: 'List the account types' },
  listAccountTypesWithPost: {
    method: 'POST',
    path: '/api/accounts/types',
    summary: 'List the account types (as GET)',
  },
  listAccountMonths: {
    method: 'GET',
    path: '/api/accounts/month/:month/year/:year',
    summary: "The accounts with one month's figures",
  },
  getAccount: { method: 'GET', path: '/api/accounts/:id', summary: 'One account' },
  createAccount: { method: 'POST', path: '/api/accounts', summary: 'Create an account' },
  updateAccount: { method: 'PUT', path: '/api/accounts/:id', summary: 'Change an account' },
  patchAccount: { method: 'PATCH', path: '/api/accounts/:id', summary: 'Change an account (as PUT)' },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/accounts/:id',
    summary: 'Delete an account and its transactions',
  },

  // Categories and payees
  listCategories: {
    method: 'GET',
    path: '/api/transactions/categories',
    summary: 'List the categories and sub-categories',
  },
  listIncomeCategories: {
    method: 'GET',
    path: '/api/transactions/categories/income',
    summary: 'List the income categories',
  },
  listExpenseCategories: {
    method: 'GET',
    path: '/api/transactions/categories/expenses',
    summary: 'List the expense categories',
  },
  listEntities: { method: 'GET', path: '/api/transactions/entities', summary: 'List the payees' },
  getEntity: { method: 'GET', path: '/api/transactions/entities/:id', summary: 'One payee' },
  createEntity: { method: 'POST', path: '/api/accounts/:id/entities', summary: 'Create a payee' },
  updateEntity: { method: 'PUT', path: '/api/transactions/entities/:id', summary: 'Change a payee' },

  // Transactions and transfers
  listAccountMonthTransactions: {
    method: 'GET',
    path: '/api/accounts/:id/transactions/month/:month/year/:year',
    summary: "One account's transactions of a month",
  },
  listMonthTransactions: {
    method: 'GET',
    path: '/api/accounts/transactions/month/:month/year/:year',
    summary: "Every account's transactions of a month",
  },
  searchTransactions: { method: 'GET', path: '/api/transactions/search', summary: 'Search the transactions' },
  createTransaction: {
    method: 'POST',
    path: '/api/accounts/:id/transactions',
    summary: 'Record a transaction',
  },
  getTransaction: { method: 'GET', path: '/api/transactions/:id', summary: 'One transaction' },
  updateTransaction: { method: 'PUT', path: '/api/transactions/:id', summary: 'Change a transaction' },
  patchTransaction: {
    method: 'PATCH',
    path: '/api/transactions/:id',
    summary: 'Change a transaction, or record its second look',
  },
  deleteTransaction: { method: 'DELETE', path: '/api/transactions/:id', summary: 'Delete a transaction' },
  listSecondLook: { method: 'GET', path: '/api/second-look', summary: 'Expenses due for a second look' },
  createTransfer: { method: 'POST', path: '/api/transfers', summary: 'Move money between two accounts' },
  getTransfer: { method: 'GET', path: '/api/transfers/:id', summary: 'One transfer' },
  updateTransfer: { method: 'PATCH', path: '/api/transfers/:id', summary: 'Change a transfer (both legs)' },
  deleteTransfer: { method: 'DELETE', path: '/api/transfers/:id', summary: 'Delete a transfer (both legs)' },
  listTransferSuggestions: {
    method: 'GET',
    path: '/api/transfer-suggestions',
    summary: 'Pairs of transactions that look like a transfer',
  },
  acceptTransferSuggestion: {
    method: 'POST',
    path: '/api/transfer-suggestions/accept',
    summary: 'Turn a suggested pair into a transfer',
  },
  dismissTransferSuggestion: {
    method: 'POST',
    path: '/api/transfer-suggestions/dismiss',
    summary: 'Stop suggesting a pair',
  },

  // Imports and backups
  streamEvents: {
    method: 'GET',
    path: '/api/events',
    summary: "The book's realtime events (server-sent events)",
  },
  uploadStatement: {
    method: 'POST',
    path: '/api/upload-transactions',
    summary: 'Import a bank statement file',
  },
  getImport: { method: 'GET', path: '/api/imports/:id', summary: "An import's progress and outcome" },
  exportTransactionsCsv: {
    method: 'GET',
    path: '/api/export/transactions.csv',
    summary: 'Download the transactions as CSV',
  },
  exportBackup: { method: 'GET', path: '/api/export/backup.json', summary: 'Download a backup of the book' },
  importBackup: {
    method: 'POST',
    path: '/api/import-backup',
    summary: 'Restore a backup into an empty book',
  },

  // Budgets
  getBudgetsMonth: {
    method: 'GET',
    path: '/api/budgets/month/:month/year/:year',
    summary: 'The budgets of a month with their figures',
  },
  searchBudgets: { method: 'GET', path: '/api/budgets/search', summary: 'Search the budgets of a month' },
  listUnbudgetedSubcategories: {
    method: 'GET',
    path: '/api/budgets/unbudgeted/month/:month/year/:year',
    summary: 'Sub-categories spent on without a budget',
  },
  getBudget: { method: 'GET', path: '/api/budgets/:id', summary: 'One budget' },
  listBudgetMonthTransactions: {
    method: 'GET',
    path: '/api/budgets/:id/transactions/month/:month/year/:year',
    summary: "A budget's transactions of a month",
  },
  createBudget: { method: 'POST', path: '/api/budgets', summary: 'Create a budget' },
  updateBudget: { method: 'PATCH', path: '/api/budgets/:id', summary: 'Change a budget, or one month of it' },
  deleteBudget: { method: 'DELETE', path: '/api/budgets/:id', summary: 'End a budget from a month on' },
  listBudgetSuggestions: { method: 'GET', path: '/api/budgetDefaults', summary: 'Suggested first budgets' },
  stopBudgetSuggestions: {
    method: 'POST',
    path: '/api/users/:id/budgetDefaults/stop',
    summary: 'Stop suggesting first budgets',
  },

  // Income and goals
  listIncomeSources: { method: 'GET', path: '/api/income-sources', summary: 'List the recurring income' },
  getExpectedIncome: {
    method: 'GET',
    path: '/api/income-sources/expected/month/:month/year/:year',
    summary: 'Income expected in a month',
  },
  createIncomeSource: { method: 'POST', path: '/api/income-sources', summary: 'Add a recurring income' },
  updateIncomeSource: {
    method: 'PATCH',
    path: '/api/income-sources/:id',
    summary: 'Change a recurring income',
  },
  deleteIncomeSource: {
    method: 'DELETE',
    path: '/api/income-sources/:id',
    summary: 'Delete a recurring income',
  },
  listGoals: { method: 'GET', path: '/api/goals', summary: 'List the savings goals' },
  createGoal: { method: 'POST', path: '/api/goals', summary: 'Create a savings goal' },
  updateGoal: { method: 'PATCH', path: '/api/goals/:id', summary: 'Change a savings goal' },
  deleteGoal: { method: 'DELETE', path: '/api/goals/:id', summary: 'Delete a savings goal' },

  // Books
  listBooks: { method: 'GET', path: '/api/books', summary: "List the books you're in" },
  createBook: { method: 'POST', path: '/api/books', summary: 'Create a shared book' },
  updateBook: { method: 'PATCH', path: '/api/books/:id', summary: 'Rename a book' },
  deleteBook: { method: 'DELETE', path: '/api/books/:id', summary: 'Delete a shared book' },
  listBookMembers: { method: 'GET', path: '/api/books/:id/members', summary: "A book's members" },
  updateBookMember: {
    method: 'PATCH',
    path: '/api/books/:id/members/:userId',
    summary: "Change a member's role",
  },
  removeBookMember: {
    method: 'DELETE',
    path: '/api/books/:id/members/:userId',
    summary: 'Remove a member, or leave the book',
  },
  updateMyBookSettings: { method: 'PATCH', path: '/api/books/:id/me', summary: 'Your own choices in a book' },
  inviteToBook: { method: 'POST', path: '/api/books/:id/invitations', summary: 'Invite someone by e-mail' },
  getInvitation: {
    method: 'GET',
    path: '/api/invitations/:token',
    summary: 'What an invitation link offers',
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/invitations/:token/accept',
    summary: 'Join a book by invitation',
  },

  // Insights, feelings and reports
  getInsights: { method: 'GET', path: '/api/insights', summary: 'How spending felt over a range of months' },
  getNetWorthReport: { method: 'GET', path: '/api/reports/net-worth', summary: 'Net worth month by month' },
  getCashFlowReport: {
    method: 'GET',
    path: '/api/reports/cash-flow',
    summary: 'Income and expenses month by month',
  },
  getSpendingReport: {
    method: 'GET',
    path: '/api/reports/spending',
    summary: 'Spending by group month by month',
  },
  getPurposeTargets: { method: 'GET', path: '/api/purpose-targets', summary: 'The kakeibo purpose targets' },
  setPurposeTargets: {
    method: 'PUT',
    path: '/api/purpose-targets',
    summary: 'Set the kakeibo purpose targets',
  },
  getPurposesMonth: {
    method: 'GET',
    path: '/api/purposes/month/:month/year/:year',
    summary: "A month's spending by purpose",
  },
  getReflection: {
    method: 'GET',
    path: '/api/reflections/month/:month/year/:year',
    summary: "A month's reflection",
  },
  saveReflection: {
    method: 'PUT',
    path: '/api/reflections/month/:month/year/:year',
    summary: "Write a month's reflection",
  },
  suggestFeeling: {
    method: 'GET',
    path: '/api/suggestions/feeling',
    summary: 'The likely feeling and purpose of a purchase',
  },
  unsubscribeReflectionEmail: {
    method: 'GET',
    path: '/api/reflection-email/unsubscribe',
    summary: "The monthly e-mail's unsubscribe link",
  },
  unsubscribeReflectionEmailOneClick: {
    method: 'POST',
    path: '/api/reflection-email/unsubscribe',
    summary: 'One-click unsubscribe from the monthly e-mail',
  },

  // Categorization rules
  listRules: { method: 'GET', path: '/api/rules', summary: 'List the categorization rules in order' },
  createRule: { method: 'POST', path: '/api/rules', summary: 'Add a rule at the end' },
  reorderRules: { method: 'PUT', path: '/api/rules/order', summary: 'Put the rules in a new order' },
  updateRule: { method: 'PATCH', path: '/api/rules/:id', summary: "Change a rule's conditions or actions" },
  deleteRule: { method: 'DELETE', path: '/api/rules/:id', summary: 'Delete a rule' },
  previewRule: {
    method: 'POST',
    path: '/api/rules/:id/preview',
    summary: 'What applying a rule would change',
  },
  applyRule: {
    method: 'POST',
    path: '/api/rules/:id/apply',
    summary: 'Apply a rule to existing transactions',
  },
} as const satisfies Record<string, RouteSpec>;

/** A route's name: its operationId. */
export type RouteName = keyof typeof ROUTES;

/** The route table as a list, each entry with its name. */
export const ROUTE_LIST: readonly (RouteSpec & { readonly name: RouteName })[] = (
  Object.keys(ROUTES) as RouteName[]
).map((name) => ({ name, ...ROUTES[name] }));
