/**
 * The wire shapes the API document names under `components.schemas` (docs/API.md), by their name
 * there: each operation that answers (or takes) one refers to it, so a generated client has one
 * type of each instead of a copy per route. Names are part of the public API: rename with care.
 */
import { accountMonthSchema, accountSchema, accountTypeSchema, balanceSchema } from './accounts';
import { sessionSchema } from './auth';
import { bookMemberSchema, bookSchema, invitationPreviewSchema, invitationSchema } from './books';
import { budgetMonthSchema, budgetSchema, budgetSuggestionSchema } from './budgets';
import { categorySchema, subcategorySchema } from './categories';
import { messageResponse, validationErrorResponse } from './common';
import { entitySchema } from './entities';
import { fxRateSchema } from './fx-rates';
import { goalSchema } from './goals';
import { importJobSchema } from './imports';
import { expectedPaymentSchema, incomeSourceSchema } from './income';
import { institutionSchema } from './institutions';
import { passkeySchema } from './passkeys';
import { personalTokenSchema } from './personal-tokens';
import { problemResponse } from './problems';
import { ruleConditionSchema, ruleSchema } from './rules';
import { memberFeelingSchema, transactionSchema, transactionSubcategorySchema } from './transactions';
import { transferSchema, transferSuggestionSchema } from './transfers';
import { notificationSchema, subscriptionSchema, userSchema } from './users';

export const COMPONENT_SCHEMAS = {
  // The error answers of every route.
  Problem: problemResponse,
  ValidationProblem: validationErrorResponse,
  Message: messageResponse,
  // The resources.
  User: userSchema,
  Session: sessionSchema,
  PersonalToken: personalTokenSchema,
  Passkey: passkeySchema,
  Subscription: subscriptionSchema,
  Notification: notificationSchema,
  Account: accountSchema,
  AccountType: accountTypeSchema,
  AccountMonth: accountMonthSchema,
  Balance: balanceSchema,
  Institution: institutionSchema,
  Category: categorySchema,
  Subcategory: subcategorySchema,
  Entity: entitySchema,
  Transaction: transactionSchema,
  TransactionSubcategory: transactionSubcategorySchema,
  MemberFeeling: memberFeelingSchema,
  Transfer: transferSchema,
  TransferSuggestion: transferSuggestionSchema,
  ImportJob: importJobSchema,
  Budget: budgetSchema,
  BudgetMonth: budgetMonthSchema,
  BudgetSuggestion: budgetSuggestionSchema,
  IncomeSource: incomeSourceSchema,
  ExpectedPayment: expectedPaymentSchema,
  Goal: goalSchema,
  Rule: ruleSchema,
  RuleCondition: ruleConditionSchema,
  Book: bookSchema,
  BookMember: bookMemberSchema,
  Invitation: invitationSchema,
  InvitationPreview: invitationPreviewSchema,
  FxRate: fxRateSchema,
} as const;

export type ComponentName = keyof typeof COMPONENT_SCHEMAS;
