/**
 * Every route the server registers, spelled once (issue 26): its method and its path in Fastify's
 * form, keyed by its name. The server registers each route by that name (apiPath), the API
 * document takes it as the `operationId` (docs/API.md#the-openapi-document) with the summary of
 * route-summaries.ts, and the web app calls the API by it (callApi); the server's API document test
 * fails on a registered route missing here, and on an entry here that the server does not register.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  readonly method: HttpMethod;
  /** Fastify's form: `/api/accounts/:id`. */
  readonly path: `/${string}`;
}

export const ROUTES = {
  // Operations and sign-in
  getMetrics: { method: 'GET', path: '/metrics' },
  getHealth: { method: 'GET', path: '/api/health' },
  getReadiness: { method: 'GET', path: '/api/ready' },
  getAuthConfig: { method: 'GET', path: '/api/auth/config' },
  login: { method: 'POST', path: '/api/login' },
  register: { method: 'POST', path: '/api/register' },
  logout: { method: 'POST', path: '/api/logout' },
  requestPasswordReset: { method: 'POST', path: '/api/forgot-password' },
  resetPassword: { method: 'POST', path: '/api/reset-password' },
  changePassword: { method: 'POST', path: '/api/users/change-password' },
  listSessions: { method: 'GET', path: '/api/user/sessions' },
  deleteSession: { method: 'DELETE', path: '/api/user/sessions/:id' },
  signOutSessions: { method: 'POST', path: '/api/user/sessions/sign-out' },
  deleteOtherSessions: { method: 'DELETE', path: '/api/user/sessions' },
  startOidcSignIn: { method: 'GET', path: '/api/auth/oidc/start' },
  finishOidcSignIn: { method: 'GET', path: '/api/auth/oidc/callback' },
  exchangeOidcCode: { method: 'POST', path: '/api/auth/oidc/exchange' },
  linkOidcIdentity: { method: 'POST', path: '/api/auth/oidc/link' },
  startTwoFactorSetup: { method: 'POST', path: '/api/user/two-factor' },
  confirmTwoFactor: { method: 'POST', path: '/api/user/two-factor/confirm' },
  disableTwoFactor: { method: 'DELETE', path: '/api/user/two-factor' },
  listPasskeys: { method: 'GET', path: '/api/user/passkeys' },
  getPasskeyRegistrationOptions: { method: 'POST', path: '/api/user/passkeys/registration-options' },
  createPasskey: { method: 'POST', path: '/api/user/passkeys' },
  deletePasskey: { method: 'DELETE', path: '/api/user/passkeys/:id' },
  getPasskeyLoginOptions: { method: 'POST', path: '/api/login/passkey/options' },
  loginWithPasskey: { method: 'POST', path: '/api/login/passkey' },

  // The person
  getCurrentUser: { method: 'GET', path: '/api/user' },
  updateUser: { method: 'PATCH', path: '/api/users/:id' },
  deleteUser: { method: 'DELETE', path: '/api/users/:id' },
  getCurrentMonth: { method: 'GET', path: '/api/month' },
  listNotifications: { method: 'GET', path: '/api/notifications' },
  markNotificationsRead: { method: 'POST', path: '/api/notifications/read' },
  sendContactMessage: { method: 'POST', path: '/api/contact' },
  getSubscription: { method: 'GET', path: '/api/subscription' },
  startSubscription: { method: 'POST', path: '/api/subscription' },
  cancelSubscription: { method: 'DELETE', path: '/api/subscription' },
  getBillingConfig: { method: 'GET', path: '/api/billing/config' },
  listPersonalTokens: { method: 'GET', path: '/api/user/tokens' },
  createPersonalToken: { method: 'POST', path: '/api/user/tokens' },
  deletePersonalToken: { method: 'DELETE', path: '/api/user/tokens/:id' },

  // Banks
  listInstitutions: { method: 'GET', path: '/api/institutions' },
  createLinkToken: { method: 'POST', path: '/api/institutions/link-token' },
  linkInstitution: { method: 'POST', path: '/api/institutions' },
  linkSimplefin: { method: 'POST', path: '/api/institutions/simplefin' },
  listEnableBankingBanks: { method: 'GET', path: '/api/institutions/enable-banking/banks' },
  startEnableBanking: { method: 'POST', path: '/api/institutions/enable-banking/start' },
  finishEnableBanking: { method: 'POST', path: '/api/institutions/enable-banking/callback' },
  markInstitutionRelinked: { method: 'POST', path: '/api/institutions/:id/relinked' },
  deleteInstitution: { method: 'DELETE', path: '/api/institutions/:id' },
  importBankTransactions: { method: 'POST', path: '/api/transactions/import' },
  plaidWebhook: { method: 'POST', path: '/api/webhooks/plaid' },

  // Accounts
  listAccounts: { method: 'GET', path: '/api/accounts' },
  listAccountTypes: { method: 'GET', path: '/api/accounts/types' },
  listAccountTypesWithPost: { method: 'POST', path: '/api/accounts/types' },
  listAccountMonths: { method: 'GET', path: '/api/accounts/month/:month/year/:year' },
  getAccount: { method: 'GET', path: '/api/accounts/:id' },
  createAccount: { method: 'POST', path: '/api/accounts' },
  updateAccount: { method: 'PUT', path: '/api/accounts/:id' },
  patchAccount: { method: 'PATCH', path: '/api/accounts/:id' },
  deleteAccount: { method: 'DELETE', path: '/api/accounts/:id' },

  // Categories and payees
  listCategories: { method: 'GET', path: '/api/transactions/categories' },
  listIncomeCategories: { method: 'GET', path: '/api/transactions/categories/income' },
  listExpenseCategories: { method: 'GET', path: '/api/transactions/categories/expenses' },
  listEntities: { method: 'GET', path: '/api/transactions/entities' },
  getEntity: { method: 'GET', path: '/api/transactions/entities/:id' },
  createEntity: { method: 'POST', path: '/api/accounts/:id/entities' },
  updateEntity: { method: 'PUT', path: '/api/transactions/entities/:id' },

  // Transactions and transfers
  listAccountMonthTransactions: { method: 'GET', path: '/api/accounts/:id/transactions/month/:month/year/:year' },
  listMonthTransactions: { method: 'GET', path: '/api/accounts/transactions/month/:month/year/:year' },
  searchTransactions: { method: 'GET', path: '/api/transactions/search' },
  createTransaction: { method: 'POST', path: '/api/accounts/:id/transactions' },
  getTransaction: { method: 'GET', path: '/api/transactions/:id' },
  updateTransaction: { method: 'PUT', path: '/api/transactions/:id' },
  patchTransaction: { method: 'PATCH', path: '/api/transactions/:id' },
  deleteTransaction: { method: 'DELETE', path: '/api/transactions/:id' },
  listAttachments: { method: 'GET', path: '/api/transactions/:id/attachments' },
  addAttachments: { method: 'POST', path: '/api/transactions/:id/attachments' },
  getAttachmentFile: { method: 'GET', path: '/api/attachments/:id' },
  getAttachmentThumbnail: { method: 'GET', path: '/api/attachments/:id/thumbnail' },
  deleteAttachment: { method: 'DELETE', path: '/api/attachments/:id' },
  listSecondLook: { method: 'GET', path: '/api/second-look' },
  countSecondLook: { method: 'GET', path: '/api/second-look/count' },
  createTransfer: { method: 'POST', path: '/api/transfers' },
  getTransfer: { method: 'GET', path: '/api/transfers/:id' },
  updateTransfer: { method: 'PATCH', path: '/api/transfers/:id' },
  deleteTransfer: { method: 'DELETE', path: '/api/transfers/:id' },
  listTransferSuggestions: { method: 'GET', path: '/api/transfer-suggestions' },
  acceptTransferSuggestion: { method: 'POST', path: '/api/transfer-suggestions/accept' },
  dismissTransferSuggestion: { method: 'POST', path: '/api/transfer-suggestions/dismiss' },

  // Imports and backups
  streamEvents: { method: 'GET', path: '/api/events' },
  uploadStatement: { method: 'POST', path: '/api/upload-transactions' },
  getImport: { method: 'GET', path: '/api/imports/:id' },
  importFromApp: { method: 'POST', path: '/api/imports/from-app' },
  exportTransactionsCsv: { method: 'GET', path: '/api/export/transactions.csv' },
  exportBackup: { method: 'GET', path: '/api/export/backup.json' },
  exportBackupZip: { method: 'GET', path: '/api/export/backup.zip' },
  exportTaxZip: { method: 'GET', path: '/api/export/tax.zip' },
  importBackup: { method: 'POST', path: '/api/import-backup' },
  importBackupZip: { method: 'POST', path: '/api/import-backup/zip' },

  // Budgets
  getBudgetsMonth: { method: 'GET', path: '/api/budgets/month/:month/year/:year' },
  searchBudgets: { method: 'GET', path: '/api/budgets/search' },
  listUnbudgetedSubcategories: { method: 'GET', path: '/api/budgets/unbudgeted/month/:month/year/:year' },
  getBudget: { method: 'GET', path: '/api/budgets/:id' },
  listBudgetMonthTransactions: { method: 'GET', path: '/api/budgets/:id/transactions/month/:month/year/:year' },
  createBudget: { method: 'POST', path: '/api/budgets' },
  updateBudget: { method: 'PATCH', path: '/api/budgets/:id' },
  deleteBudget: { method: 'DELETE', path: '/api/budgets/:id' },
  listBudgetSuggestions: { method: 'GET', path: '/api/budgetDefaults' },
  stopBudgetSuggestions: { method: 'POST', path: '/api/users/:id/budgetDefaults/stop' },

  // Income and goals
  listIncomeSources: { method: 'GET', path: '/api/income-sources' },
  getExpectedIncome: { method: 'GET', path: '/api/income-sources/expected/month/:month/year/:year' },
  createIncomeSource: { method: 'POST', path: '/api/income-sources' },
  updateIncomeSource: { method: 'PATCH', path: '/api/income-sources/:id' },
  deleteIncomeSource: { method: 'DELETE', path: '/api/income-sources/:id' },
  listGoals: { method: 'GET', path: '/api/goals' },
  createGoal: { method: 'POST', path: '/api/goals' },
  updateGoal: { method: 'PATCH', path: '/api/goals/:id' },
  deleteGoal: { method: 'DELETE', path: '/api/goals/:id' },

  // The pause list
  listPauses: { method: 'GET', path: '/api/pauses' },
  createPause: { method: 'POST', path: '/api/pauses' },
  getPauseSummary: { method: 'GET', path: '/api/pauses/summary' },
  decidePause: { method: 'PATCH', path: '/api/pauses/:id' },
  deletePause: { method: 'DELETE', path: '/api/pauses/:id' },
  listDetectedSubscriptions: { method: 'GET', path: '/api/subscriptions' },
  updateDetectedSubscription: { method: 'PATCH', path: '/api/subscriptions/:id' },
  reviewDetectedSubscription: { method: 'POST', path: '/api/subscriptions/:id/reviews' },

  // Receipts read on this server
  readReceipt: { method: 'POST', path: '/api/receipts' },
  getReceiptRead: { method: 'GET', path: '/api/receipts/:id' },

  // Books
  listBooks: { method: 'GET', path: '/api/books' },
  createBook: { method: 'POST', path: '/api/books' },
  updateBook: { method: 'PATCH', path: '/api/books/:id' },
  deleteBook: { method: 'DELETE', path: '/api/books/:id' },
  listBookMembers: { method: 'GET', path: '/api/books/:id/members' },
  updateBookMember: { method: 'PATCH', path: '/api/books/:id/members/:userId' },
  removeBookMember: { method: 'DELETE', path: '/api/books/:id/members/:userId' },
  updateMyBookSettings: { method: 'PATCH', path: '/api/books/:id/me' },
  inviteToBook: { method: 'POST', path: '/api/books/:id/invitations' },
  getInvitation: { method: 'GET', path: '/api/invitations/:token' },
  acceptInvitation: { method: 'POST', path: '/api/invitations/:token/accept' },

  // Exchange rates
  listFxRates: { method: 'GET', path: '/api/fx-rates' },
  getFxRate: { method: 'GET', path: '/api/fx-rates/:currency/:date' },
  setFxRate: { method: 'PUT', path: '/api/fx-rates/:currency/:date' },
  deleteFxRate: { method: 'DELETE', path: '/api/fx-rates/:currency/:date' },

  // Insights, feelings and reports
  getInsights: { method: 'GET', path: '/api/insights' },
  getNetWorthReport: { method: 'GET', path: '/api/reports/net-worth' },
  getCashFlowReport: { method: 'GET', path: '/api/reports/cash-flow' },
  getSpendingReport: { method: 'GET', path: '/api/reports/spending' },
  getPurposeTargets: { method: 'GET', path: '/api/purpose-targets' },
  setPurposeTargets: { method: 'PUT', path: '/api/purpose-targets' },
  getPurposesMonth: { method: 'GET', path: '/api/purposes/month/:month/year/:year' },
  getReflection: { method: 'GET', path: '/api/reflections/month/:month/year/:year' },
  saveReflection: { method: 'PUT', path: '/api/reflections/month/:month/year/:year' },
  suggestFeeling: { method: 'GET', path: '/api/suggestions/feeling' },
  getFeelingCoverage: { method: 'GET', path: '/api/feelings/coverage' },
  unsubscribeReflectionEmail: { method: 'GET', path: '/api/reflection-email/unsubscribe' },
  unsubscribeReflectionEmailOneClick: { method: 'POST', path: '/api/reflection-email/unsubscribe' },

  // Categorization rules
  listRules: { method: 'GET', path: '/api/rules' },
  createRule: { method: 'POST', path: '/api/rules' },
  reorderRules: { method: 'PUT', path: '/api/rules/order' },
  updateRule: { method: 'PATCH', path: '/api/rules/:id' },
  deleteRule: { method: 'DELETE', path: '/api/rules/:id' },
  previewRule: { method: 'POST', path: '/api/rules/:id/preview' },
  applyRule: { method: 'POST', path: '/api/rules/:id/apply' },

  // Outbound webhooks
  listWebhooks: { method: 'GET', path: '/api/webhooks' },
  createWebhook: { method: 'POST', path: '/api/webhooks' },
  updateWebhook: { method: 'PATCH', path: '/api/webhooks/:id' },
  deleteWebhook: { method: 'DELETE', path: '/api/webhooks/:id' },
  listWebhookDeliveries: { method: 'GET', path: '/api/webhooks/:id/deliveries' },

  // Push nudges
  getPushPublicKey: { method: 'GET', path: '/api/push/public-key' },
  listPushSubscriptions: { method: 'GET', path: '/api/push/subscriptions' },
  createPushSubscription: { method: 'POST', path: '/api/push/subscriptions' },
  deletePushSubscription: { method: 'DELETE', path: '/api/push/subscriptions/:id' },
  getPushSettings: { method: 'GET', path: '/api/push/settings' },
  updatePushSettings: { method: 'PUT', path: '/api/push/settings' },
  recordPushFeeling: { method: 'POST', path: '/api/push/feelings' },
} as const satisfies Record<string, RouteSpec>;

/** A route's name: its operationId. */
export type RouteName = keyof typeof ROUTES;

/** The route table as a list, each entry with its name. */
export const ROUTE_LIST: readonly (RouteSpec & { readonly name: RouteName })[] = (
  Object.keys(ROUTES) as RouteName[]
).map((name) => ({ name, ...ROUTES[name] }));
