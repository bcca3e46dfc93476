/** The paid plan: starting it (sign-up or upgrade), showing it, cancelling it (DECISIONS.md #7, #10). */
import type { Subscription, UpgradeBody } from '@mindspend/api-contract';
import { MESSAGES, PLAN_DETAILS, fromCents } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { Database, SubscriptionRow, UserRow } from '../../db/schema';
import { writeAsUser } from '../../db/locked-writes';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, validationFailed } from '../../lib/http-errors';
import { insertPersonalNotification } from '../notifications';
import { findPlan, findSubscription, saveSubscription, updatePlan, updateSubscription } from './billing.repo';
import { PaymentDeclined, type PaymentDetails, TOKEN_WITHOUT_STRIPE } from './payment-provider';

const PAID_PLAN_PRICE_CENTS = PLAN_DETAILS.budget_master.priceCents;

export const PAYMENT_UNREACHABLE_CHARGE = 'The payment service could not be reached; nothing was charged. Please try again.';
export const PAYMENT_UNREACHABLE_CANCEL = 'The payment service could not be reached; nothing was changed. Please try again.';

/**
 * A provider failure that is not about the card (network, timeout, the provider's own error):
 * the details go to the log, the person gets a 503 they can act on, never a 500 with internals.
 */
function paymentUnreachable(deps: AppDeps, error: unknown, message: string): HttpError {
  deps.logger.error({ err: error, provider: deps.payments.name }, 'payment provider failed');
  return new HttpError(503, message);
}

/** Stops renewal at the card provider, answering 503 if it cannot be reached. */
async function stopRenewalAtProvider(deps: AppDeps, subscriptionRef: string): Promise<void> {
  try {
    await deps.payments.cancel(subscriptionRef);
  } catch (error) {
    throw paymentUnreachable(deps, error, PAYMENT_UNREACHABLE_CANCEL);
  }
}

/** What a successful payment or a valid promo code grants, before it is recorded. */
export interface PaidPlanGrant {
  provider: string;
  customerRef: string;
  subscriptionRef: string;
  cardLast4: string | null;
  promoCode: string | null;
  amountCents: number;
}

/** Accepts a configured promo code or charges the card; throws a 422 the form can show. */
export async function authorizePaidPlan(deps: AppDeps, email: string, body: UpgradeBody): Promise<PaidPlanGrant> {
  if (body.promo) {
    const code = (body.code ?? '').trim().toUpperCase();
    if (!deps.config.PROMO_CODES.includes(code)) throw validationFailed({ code: [MESSAGES.promoCodeInvalid] });
    const ref = `promo_${randomBytes(8).toString('hex')}`;
    return { provider: 'promo', customerRef: ref, subscriptionRef: ref, cardLast4: null, promoCode: code, amountCents: 0 };
  }
  // Without Stripe there is nothing that could read a token: the card fields are the way in.
  if (body.stripe_token && deps.payments.cardEntry.kind === 'own-fields') {
    throw validationFailed({ stripe_token: [TOKEN_WITHOUT_STRIPE] });
  }
  try {
    const payer = { firstName: body.first_name ?? '', lastName: body.last_name ?? '', postal: body.postal ?? '', email };
    // A token is Stripe's PaymentMethod id from the browser; card fields reach only the local provider (card-entry.ts).
    const payment: PaymentDetails = body.stripe_token
      ? { ...payer, token: body.stripe_token.trim() }
      : { ...payer, number: body.card_number ?? '', csc: body.card_csc ?? '', expiration: body.card_expiration ?? '' };
    const result = await deps.payments.subscribe(payment, PAID_PLAN_PRICE_CENTS);
    return { provider: deps.payments.name, ...result, promoCode: null, amountCents: PAID_PLAN_PRICE_CENTS };
  } catch (error) {
    if (error instanceof PaymentDeclined) throw validationFailed({ card_number: [error.message] });
    throw paymentUnreachable(deps, error, PAYMENT_UNREACHABLE_CHARGE);
  }
}

/**
 * A card was charged but recording the plan failed (e.g. two sign-ups racing for one address):
 * stop the subscription's renewal at once and log the references, so nobody pays again for an
 * account that does not exist and support can refund the first month. Best effort: the caller's
 * own error is what the person sees.
 */
export async function releaseUnrecordedGrant(deps: AppDeps, grant: PaidPlanGrant, cause: unknown): Promise<void> {
  if (grant.provider === 'promo') return;
  const refs = { provider: grant.provider, customerRef: grant.customerRef, subscriptionRef: grant.subscriptionRef };
  deps.logger.error({ err: cause, ...refs }, 'paid plan charged but not recorded; renewal stopped, refund the first month');
  try {
    await deps.payments.cancel(grant.subscriptionRef);
  } catch (error) {
    deps.logger.error({ err: error, ...refs }, 'could not stop the renewal of an unrecorded paid plan');
  }
}

function oneMonthLater(now: Date): string {
  const next = new Date(now);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString();
}

/** Records a grant inside the caller's transaction: the user's plan and their subscription row. */
export async function recordPaidPlan(deps: AppDeps, trx: Kysely<Database>, userId: number, grant: PaidPlanGrant) {
  const now = deps.clock.now();
  await updatePlan(trx, userId, { plan: 'budget_master', stripe_id: grant.customerRef, updated_at: now.toISOString() });
  await saveSubscription(trx, {
    user_id: userId,
    plan: 'budget_master',
    provider: grant.provider,
    provider_ref: grant.subscriptionRef,
    amount_cents: grant.amountCents,
    status: 'active',
    card_last4: grant.cardLast4,
    promo_code: grant.promoCode,
    current_period_end: oneMonthLater(now),
    cancel_at_period_end: 0,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
}

const FREE_PLAN: Subscription = {
  plan: 'free',
  label: PLAN_DETAILS.free.label,
  amount: 0,
  status: 'active',
  card_last4: null,
  promo_code: null,
  renews_at: null,
  ends_at: null,
  cancel_at_period_end: false,
};

function present(row: SubscriptionRow): Subscription {
  return {
    plan: 'budget_master',
    label: PLAN_DETAILS.budget_master.label,
    amount: fromCents(row.amount_cents),
    status: row.status,
    card_last4: row.card_last4,
    promo_code: row.promo_code,
    renews_at: row.cancel_at_period_end ? null : row.current_period_end,
    ends_at: row.cancel_at_period_end ? row.current_period_end : null,
    cancel_at_period_end: row.cancel_at_period_end === 1,
  };
}

/** The user's plan as Account Settings shows it; a cancelled plan lapses at the end of its term. */
export async function getSubscription(deps: AppDeps, user: UserRow): Promise<Subscription> {
  const row = await findSubscription(deps.db, user.id);
  if (!row || row.status === 'canceled') return FREE_PLAN;
  const now = deps.clock.now();
  if (row.cancel_at_period_end === 1 && now.toISOString() >= row.current_period_end) {
    await deps.db.transaction().execute(async (trx) => {
      await updateSubscription(trx, user.id, { status: 'canceled', updated_at: now.toISOString() });
      await updatePlan(trx, user.id, { plan: 'free', stripe_id: null });
    });
    return FREE_PLAN;
  }
  return present(row);
}

const ALREADY_PAID = 'You are already on the Transaction Imports plan.';

/**
 * Moves a free user to the paid plan with a card or a promo code. The plan is checked, the card
 * charged and the plan recorded under the user's write lock (docs/concurrent-writes.md), so two
 * upgrades sent at once — from two tabs, or two server processes — charge the card once: the
 * second finds the plan already paid. A charge that could not be recorded is released.
 */
export async function upgrade(deps: AppDeps, user: UserRow, body: UpgradeBody): Promise<Subscription> {
  if (user.plan === 'budget_master') throw new HttpError(422, ALREADY_PAID, { plan: [ALREADY_PAID] });
  let grant: PaidPlanGrant | null = null;
  try {
    await writeAsUser(deps, user.id, async (trx) => {
      if ((await findPlan(trx, user.id)) === 'budget_master') throw new HttpError(422, ALREADY_PAID, { plan: [ALREADY_PAID] });
      // A retried transaction records the charge it already made rather than charging again.
      grant ??= await authorizePaidPlan(deps, user.email, body);
      await recordPaidPlan(deps, trx, user.id, grant);
      await insertPersonalNotification(trx, {
        userId: user.id,
        title: 'Welcome to Transaction Imports',
        message: 'Your plan now includes bank transaction imports and automatic categorization.',
        createdAt: isoNow(deps.clock),
      });
    });
  } catch (error) {
    if (grant) await releaseUnrecordedGrant(deps, grant, error);
    throw error;
  }
  return getSubscription(deps, user);
}

/** Stops renewal at the card provider before the account is deleted: a deleted user is never charged again. */
export async function stopRenewalBeforeDeletion(deps: AppDeps, userId: number): Promise<void> {
  const row = await findSubscription(deps.db, userId);
  if (row && row.status === 'active' && row.cancel_at_period_end === 0 && row.provider !== 'promo') {
    await stopRenewalAtProvider(deps, row.provider_ref);
  }
}

/** Stops renewal; the plan stays until the end of the paid term (Terms and Conditions). */
export async function cancel(deps: AppDeps, user: UserRow): Promise<Subscription> {
  const row = await findSubscription(deps.db, user.id);
  if (!row || row.status !== 'active') {
    throw new HttpError(422, 'You have no paid plan to cancel.', { plan: ['You have no paid plan to cancel.'] });
  }
  if (row.cancel_at_period_end === 0) {
    if (row.provider !== 'promo') await stopRenewalAtProvider(deps, row.provider_ref);
    await deps.db.transaction().execute(async (trx) => {
      await updateSubscription(trx, user.id, { cancel_at_period_end: 1, updated_at: isoNow(deps.clock) });
      await insertPersonalNotification(trx, {
        userId: user.id,
        title: 'Plan cancelled',
        message: `Your Transaction Imports plan stays active until ${row.current_period_end.slice(0, 10)}.`,
        createdAt: isoNow(deps.clock),
      });
    });
  }
  return getSubscription(deps, user);
}
