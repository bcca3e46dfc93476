/**
 * What each route of the table (./routes.ts) takes and answers, keyed by the same names (issue 26):
 * the zod schema of its success answer (the one the server registers as `response` 200/201/202),
 * and of its JSON body and query string where it has one. The web's typed client reads its types
 * from here, and checks answers against `answer` in development and tests. A sibling of ROUTES, not
 * a part of it, so that code needing only paths (the web's entry chunk) loads no schema.
 */
import { z } from 'zod';
import { accountMonthSchema, accountMonthsResponse, accountSchema, accountsResponse, accountTypesResponse, createAccountBody, updateAccountBody } from './accounts';
import {
  authConfigResponse,
  authResponse,
  confirmTwoFactorBody,
  contactBody,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  registerBody,
  recoveryCodesResponse,
  resetPasswordBody,
  sessionsResponse,
  signOutSessionsBody,
  startTwoFactorBody,
  turnOffTwoFactorBody,
  twoFactorSetupResponse,
} from './auth';
import { attachmentsResponse } from './attachments';
import { importBackupResponse } from './backup';
import { taxExportQuery } from './tax-export';
import { receiptReadSchema } from './receipts';
import { healthResponse, readyResponse } from './health';
import { billingConfigSchema, upgradeBody } from './billing';
import {
  bookSchema,
  booksResponse,
  createBookBody,
  createInvitationBody,
  invitationPreviewSchema,
  invitationSchema,
  membersResponse,
  updateBookBody,
  updateMemberBody,
  updateMyMembershipBody,
} from './books';
import { fxRateBody, fxRateOnResponse, fxRateSchema, fxRatesQuery, fxRatesResponse } from './fx-rates';
import {
  budgetMonthQuery,
  budgetSchema,
  budgetSearchQuery,
  budgetsMonthResponse,
  budgetSuggestionSchema,
  createBudgetBody,
  deleteBudgetBody,
  unbudgetedQuery,
  unbudgetedSubcategorySchema,
  updateBudgetBody,
} from './budgets';
import { categoriesResponse } from './categories';
import { messageResponse } from './common';
import { entitiesResponse, entityBody, entitySchema } from './entities';
import {
  purposeMonthResponse,
  purposeTargetsBody,
  purposeTargetsResponse,
  reflectionBody,
  reflectionResponse,
  feelingCoverageQuery,
  feelingCoverageResponse,
  suggestionQuery,
  suggestionResponse,
} from './feelings';
import { createGoalBody, goalSchema, goalsResponse, updateGoalBody } from './goals';
import { detectedSubscriptionSchema, detectedSubscriptionsResponse, reviewSubscriptionBody, updateDetectedSubscriptionBody } from './detected-subscriptions';
import { createPauseBody, decidePauseBody, pauseSchema, pauseSummaryQuery, pauseSummarySchema, pausesResponse } from './pauses';
import { importJobSchema } from './imports';
import { switchSummarySchema } from './switching';
import { createIncomeSourceBody, expectedIncomeResponse, incomeSourceSchema, incomeSourcesResponse, updateIncomeSourceBody } from './income';
import { insightsQuery, insightsResponse } from './insights';
import {
  bankImportBody,
  bankImportResponse,
  enableBankingBanksQuery,
  enableBankingBanksResponse,
  enableBankingCallbackBody,
  enableBankingStartBody,
  enableBankingStartResponse,
  institutionSchema,
  institutionsResponse,
  linkInstitutionBody,
  linkSimplefinBody,
  linkTokenBody,
  linkTokenResponse,
} from './institutions';
import { oidcExchangeBody, oidcExchangeResponse, oidcLinkBody, oidcLinkResponse, oidcStartQuery } from './oidc';
import {
  addPasskeyBody,
  passkeyLoginBody,
  passkeyLoginOptionsResponse,
  passkeyRegistrationOptionsBody,
  passkeyRegistrationOptionsResponse,
  passkeySchema,
  passkeysResponse,
} from './passkeys';
import {
  createPushSubscriptionBody,
  pushFeelingBody,
  pushFeelingResponse,
  pushPublicKeyResponse,
  pushSettingsSchema,
  pushSubscriptionSchema,
  pushSubscriptionsResponse,
  updatePushSettingsBody,
} from './push';
import { createdWebhookResponse, createWebhookBody, updateWebhookBody, webhookDeliveriesResponse, webhookSchema, webhooksResponse } from './webhooks';
import { createdPersonalTokenResponse, createPersonalTokenBody, personalTokensResponse } from './personal-tokens';
import { unsubscribeQuery } from './reflection-email';
import { cashFlowReportResponse, netWorthReportResponse, reportRangeQuery, spendingReportQuery, spendingReportResponse } from './reports';
import type { RouteName } from './routes';
import { createRuleBody, ruleApplyResponse, ruleOrderBody, rulePreviewResponse, ruleSchema, rulesResponse, updateRuleBody } from './rules';
import { searchTransactionsQuery, secondLookCountResponse, secondLookQuery, transactionBody, transactionPatchBody, transactionSchema, transactionsResponse } from './transactions';
import { transferBody, transferPatchBody, transferSchema, transferSuggestionBody, transferSuggestionsResponse } from './transfers';
import {
  changePasswordBody,
  deleteUserBody,
  monthResponse,
  notificationsReadBody,
  notificationsResponse,
  subscriptionSchema,
  updateUserBody,
  userSchema,
} from './users';

/**
 * A success answer that is not JSON: 204 with no body, a file to download, a text/event-stream,
 * or a redirect for the browser to follow. Such routes are not called with the JSON client.
 */
export type NonJsonAnswer = 'no-content' | 'file' | 'stream' | 'redirect';

export interface RouteContract {
  readonly answer: z.ZodType | NonJsonAnswer;
  /** The JSON body's schema; `multipart` for a form upload. */
  readonly body?: z.ZodType | 'multipart';
  readonly query?: z.ZodType;
}

// The server answers these with schemas it builds inline (users.routes.ts, budgets.routes.ts,
// transactions.routes.ts); scripts/web-api-answers.test.ts proves them the same.
const userAnswer = z.object({ user: userSchema });
const accountMonthsWithTransactions = z.array(accountMonthSchema.extend({ transactions: transactionsResponse }));

export const ROUTE_ANSWERS = {
  // Operations and sign-in
  getMetrics: { answer: 'file' },
  getHealth: { answer: healthResponse },
  getReadiness: { answer: readyResponse },
  getAuthConfig: { answer: authConfigResponse },
  login: { answer: loginResponse, body: loginBody },
  register: { answer: authResponse, body: registerBody },
  logout: { answer: 'no-content' },
  requestPasswordReset: { answer: messageResponse, body: forgotPasswordBody },
  resetPassword: { answer: messageResponse, body: resetPasswordBody },
  changePassword: { answer: messageResponse, body: changePasswordBody },
  listSessions: { answer: sessionsResponse },
  deleteSession: { answer: 'no-content' },
  signOutSessions: { answer: 'no-content', body: signOutSessionsBody },
  deleteOtherSessions: { answer: 'no-content' },
  startOidcSignIn: { answer: 'redirect', query: oidcStartQuery },
  finishOidcSignIn: { answer: 'redirect' },
  exchangeOidcCode: { answer: oidcExchangeResponse, body: oidcExchangeBody },
  linkOidcIdentity: { answer: oidcLinkResponse, body: oidcLinkBody },
  startTwoFactorSetup: { answer: twoFactorSetupResponse, body: startTwoFactorBody },
  confirmTwoFactor: { answer: recoveryCodesResponse, body: confirmTwoFactorBody },
  disableTwoFactor: { answer: 'no-content', body: turnOffTwoFactorBody },
  listPasskeys: { answer: passkeysResponse },
  getPasskeyRegistrationOptions: { answer: passkeyRegistrationOptionsResponse, body: passkeyRegistrationOptionsBody },
  createPasskey: { answer: passkeySchema, body: addPasskeyBody },
  deletePasskey: { answer: 'no-content' },
  getPasskeyLoginOptions: { answer: passkeyLoginOptionsResponse },
  loginWithPasskey: { answer: authResponse, body: passkeyLoginBody },

  // The person
  getCurrentUser: { answer: userAnswer },
  updateUser: { answer: userAnswer, body: updateUserBody },
  deleteUser: { answer: 'no-content', body: deleteUserBody },
  getCurrentMonth: { answer: monthResponse },
  listNotifications: { answer: notificationsResponse },
  markNotificationsRead: { answer: 'no-content', body: notificationsReadBody },
  sendContactMessage: { answer: messageResponse, body: contactBody },
  getSubscription: { answer: subscriptionSchema },
  startSubscription: { answer: subscriptionSchema, body: upgradeBody },
  cancelSubscription: { answer: subscriptionSchema },
  getBillingConfig: { answer: billingConfigSchema },
  listPersonalTokens: { answer: personalTokensResponse },
  createPersonalToken: { answer: createdPersonalTokenResponse, body: createPersonalTokenBody },
  deletePersonalToken: { answer: 'no-content' },

  // Banks
  listInstitutions: { answer: institutionsResponse },
  createLinkToken: { answer: linkTokenResponse, body: linkTokenBody },
  linkInstitution: { answer: institutionSchema, body: linkInstitutionBody },
  linkSimplefin: { answer: institutionSchema, body: linkSimplefinBody },
  listEnableBankingBanks: { answer: enableBankingBanksResponse, query: enableBankingBanksQuery },
  startEnableBanking: { answer: enableBankingStartResponse, body: enableBankingStartBody },
  finishEnableBanking: { answer: institutionSchema, body: enableBankingCallbackBody },
  markInstitutionRelinked: { answer: institutionSchema },
  deleteInstitution: { answer: 'no-content' },
  importBankTransactions: { answer: bankImportResponse, body: bankImportBody },
  plaidWebhook: { answer: messageResponse },

  // Accounts
  listAccounts: { answer: accountsResponse },
  listAccountTypes: { answer: accountTypesResponse },
  listAccountTypesWithPost: { answer: accountTypesResponse },
  listAccountMonths: { answer: accountMonthsResponse },
  getAccount: { answer: accountSchema },
  createAccount: { answer: accountSchema, body: createAccountBody },
  updateAccount: { answer: accountSchema, body: updateAccountBody },
  patchAccount: { answer: accountSchema, body: updateAccountBody },
  deleteAccount: { answer: 'no-content' },

  // Categories and payees
  listCategories: { answer: categoriesResponse },
  listIncomeCategories: { answer: categoriesResponse },
  listExpenseCategories: { answer: categoriesResponse },
  listEntities: { answer: entitiesResponse },
  getEntity: { answer: entitySchema },
  createEntity: { answer: entitySchema, body: entityBody },
  updateEntity: { answer: entitySchema, body: entityBody },

  // Transactions and transfers
  listAccountMonthTransactions: { answer: transactionsResponse },
  listMonthTransactions: { answer: accountMonthsWithTransactions },
  searchTransactions: { answer: transactionsResponse, query: searchTransactionsQuery },
  createTransaction: { answer: transactionSchema, body: transactionBody },
  getTransaction: { answer: transactionSchema },
  updateTransaction: { answer: transactionSchema, body: transactionBody },
  patchTransaction: { answer: transactionSchema, body: transactionPatchBody },
  deleteTransaction: { answer: 'no-content' },
  listSecondLook: { answer: transactionsResponse, query: secondLookQuery },
  countSecondLook: { answer: secondLookCountResponse },
  createTransfer: { answer: transferSchema, body: transferBody },
  getTransfer: { answer: transferSchema },
  updateTransfer: { answer: transferSchema, body: transferPatchBody },
  deleteTransfer: { answer: 'no-content' },
  listTransferSuggestions: { answer: transferSuggestionsResponse },
  acceptTransferSuggestion: { answer: transferSchema, body: transferSuggestionBody },
  dismissTransferSuggestion: { answer: 'no-content', body: transferSuggestionBody },

  // Attachments
  listAttachments: { answer: attachmentsResponse },
  addAttachments: { answer: attachmentsResponse, body: 'multipart' },
  getAttachmentFile: { answer: 'file' },
  getAttachmentThumbnail: { answer: 'file' },
  deleteAttachment: { answer: 'no-content' },

  // Imports and backups
  streamEvents: { answer: 'stream' },
  uploadStatement: { answer: importJobSchema, body: 'multipart' },
  getImport: { answer: importJobSchema },
  importFromApp: { answer: switchSummarySchema, body: 'multipart' },
  exportTransactionsCsv: { answer: 'file' },
  exportBackup: { answer: 'file' },
  exportBackupZip: { answer: 'file' },
  exportTaxZip: { answer: 'file', query: taxExportQuery },
  importBackupZip: { answer: importBackupResponse, body: 'multipart' },
  // Any JSON: the server reads the backup itself and answers its own problems (backup.routes.ts).
  importBackup: { answer: importBackupResponse, body: z.unknown() },

  // Budgets
  getBudgetsMonth: { answer: budgetsMonthResponse },
  searchBudgets: { answer: budgetsMonthResponse, query: budgetSearchQuery },
  listUnbudgetedSubcategories: { answer: z.array(unbudgetedSubcategorySchema), query: unbudgetedQuery },
  getBudget: { answer: budgetSchema, query: budgetMonthQuery },
  listBudgetMonthTransactions: { answer: transactionsResponse },
  createBudget: { answer: budgetSchema, body: createBudgetBody },
  updateBudget: { answer: budgetSchema, body: updateBudgetBody },
  deleteBudget: { answer: 'no-content', body: deleteBudgetBody },
  listBudgetSuggestions: { answer: z.array(budgetSuggestionSchema) },
  stopBudgetSuggestions: { answer: userAnswer },

  // Income and goals
  listIncomeSources: { answer: incomeSourcesResponse },
  getExpectedIncome: { answer: expectedIncomeResponse },
  createIncomeSource: { answer: incomeSourceSchema, body: createIncomeSourceBody },
  updateIncomeSource: { answer: incomeSourceSchema, body: updateIncomeSourceBody },
  deleteIncomeSource: { answer: 'no-content' },
  listGoals: { answer: goalsResponse },
  createGoal: { answer: goalSchema, body: createGoalBody },
  updateGoal: { answer: goalSchema, body: updateGoalBody },
  deleteGoal: { answer: 'no-content' },

  // The pause list
  listPauses: { answer: pausesResponse },
  createPause: { answer: pauseSchema, body: createPauseBody },
  getPauseSummary: { answer: pauseSummarySchema, query: pauseSummaryQuery },
  decidePause: { answer: pauseSchema, body: decidePauseBody },
  deletePause: { answer: 'no-content' },
  listDetectedSubscriptions: { answer: detectedSubscriptionsResponse },
  updateDetectedSubscription: { answer: detectedSubscriptionSchema, body: updateDetectedSubscriptionBody },
  reviewDetectedSubscription: { answer: detectedSubscriptionSchema, body: reviewSubscriptionBody },

  // Books
  listBooks: { answer: booksResponse },
  createBook: { answer: bookSchema, body: createBookBody },
  updateBook: { answer: bookSchema, body: updateBookBody },
  deleteBook: { answer: 'no-content' },
  listBookMembers: { answer: membersResponse },
  updateBookMember: { answer: membersResponse, body: updateMemberBody },
  removeBookMember: { answer: 'no-content' },
  updateMyBookSettings: { answer: bookSchema, body: updateMyMembershipBody },
  inviteToBook: { answer: invitationSchema, body: createInvitationBody },
  getInvitation: { answer: invitationPreviewSchema },
  acceptInvitation: { answer: bookSchema },

  // Exchange rates
  listFxRates: { answer: fxRatesResponse, query: fxRatesQuery },
  getFxRate: { answer: fxRateOnResponse },
  setFxRate: { answer: fxRateSchema, body: fxRateBody },
  deleteFxRate: { answer: 'no-content' },

  // Insights, feelings and reports
  getInsights: { answer: insightsResponse, query: insightsQuery },
  getNetWorthReport: { answer: netWorthReportResponse, query: reportRangeQuery },
  getCashFlowReport: { answer: cashFlowReportResponse, query: reportRangeQuery },
  getSpendingReport: { answer: spendingReportResponse, query: spendingReportQuery },
  getPurposeTargets: { answer: purposeTargetsResponse },
  setPurposeTargets: { answer: purposeTargetsResponse, body: purposeTargetsBody },
  getPurposesMonth: { answer: purposeMonthResponse },
  getReflection: { answer: reflectionResponse },
  saveReflection: { answer: reflectionResponse, body: reflectionBody },
  suggestFeeling: { answer: suggestionResponse, query: suggestionQuery },
  getFeelingCoverage: { answer: feelingCoverageResponse, query: feelingCoverageQuery },
  unsubscribeReflectionEmail: { answer: 'file', query: unsubscribeQuery },
  unsubscribeReflectionEmailOneClick: { answer: messageResponse, query: unsubscribeQuery },

  // Categorization rules
  listRules: { answer: rulesResponse },
  createRule: { answer: ruleSchema, body: createRuleBody },
  reorderRules: { answer: rulesResponse, body: ruleOrderBody },
  updateRule: { answer: ruleSchema, body: updateRuleBody },
  deleteRule: { answer: 'no-content' },
  previewRule: { answer: rulePreviewResponse },
  applyRule: { answer: ruleApplyResponse },

  // Outbound webhooks
  listWebhooks: { answer: webhooksResponse },
  createWebhook: { answer: createdWebhookResponse, body: createWebhookBody },
  updateWebhook: { answer: webhookSchema, body: updateWebhookBody },
  deleteWebhook: { answer: 'no-content' },
  listWebhookDeliveries: { answer: webhookDeliveriesResponse },

  // Push nudges
  getPushPublicKey: { answer: pushPublicKeyResponse },
  listPushSubscriptions: { answer: pushSubscriptionsResponse },
  createPushSubscription: { answer: pushSubscriptionSchema, body: createPushSubscriptionBody },
  deletePushSubscription: { answer: 'no-content' },
  getPushSettings: { answer: pushSettingsSchema },
  updatePushSettings: { answer: pushSettingsSchema, body: updatePushSettingsBody },
  recordPushFeeling: { answer: pushFeelingResponse, body: pushFeelingBody },

  // Receipts
  readReceipt: { answer: receiptReadSchema, body: 'multipart' },
  getReceiptRead: { answer: receiptReadSchema },
} as const satisfies Record<RouteName, RouteContract>;

export type RouteAnswers = typeof ROUTE_ANSWERS;

/** What the success answer of route N parses to; `void` for 204 and for answers that are not JSON. */
export type RouteAnswerOf<N extends RouteName> = RouteAnswers[N]['answer'] extends z.ZodType
  ? z.output<RouteAnswers[N]['answer']>
  : void;

/** The JSON body route N takes (what is sent: the schema's input); `never` when it takes none. */
export type RouteBodyOf<N extends RouteName> = RouteAnswers[N] extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The query string route N reads (the schema's input); `never` when it reads none. */
export type RouteQueryOf<N extends RouteName> = RouteAnswers[N] extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;

/** The routes that answer JSON (or 204) to a JSON request: what the web's typed client calls. */
export type JsonRouteName = {
  [N in RouteName]: RouteAnswers[N] extends { answer: 'file' | 'stream' | 'redirect' } | { body: 'multipart' } ? never : N;
}[RouteName];
