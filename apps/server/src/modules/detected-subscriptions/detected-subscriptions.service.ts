/**
 * Subscriptions found in the book's expenses (issue 31; docs/DECISIONS.md #100): found anew from
 * the expenses on each read (domain `detectSubscriptions`), with the book's names and choices and
 * the member's answers to 'still worth it?' beside them.
 */
import type {
  DetectedSubscriptionWire,
  DetectedSubscriptions,
  ReviewSubscriptionBody,
  UpdateDetectedSubscriptionBody,
} from '@mindspend/api-contract';
import {
  type CurrencyCode,
  type DetectedSubscription,
  addMonths,
  detectSubscriptions,
  formatStoredAmount,
  fromCents,
  isoDate,
  localDateIn,
  subscriptionReviewDue,
  subscriptionReviewQuestion,
} from '@mindspend/domain';
import type { AppDeps } from '../../deps';
import { type RequestBook, bookCurrency } from '../../db/book-scope';
import type { SubscriptionChoiceRow, SubscriptionReviewRow } from '../../db/detected-subscription-schema';
import { notFound } from '../../lib/http-errors';
import { candidateCharges, insertReview, listChoices, memberReviews, saveChoice } from './detected-subscriptions.repo';

/** Months of expenses read: three yearly charges need two years and a little more. */
export const SUBSCRIPTION_HISTORY_MONTHS = 38;

const STATES = new Set(['detected', 'confirmed', 'dismissed']);
const stateOf = (choice: SubscriptionChoiceRow | undefined) =>
  choice && STATES.has(choice.state) ? (choice.state as 'detected' | 'confirmed' | 'dismissed') : 'detected';

interface Found {
  today: string;
  currency: CurrencyCode;
  subscriptions: DetectedSubscription[];
  choices: Map<number, SubscriptionChoiceRow>;
  /** The member's latest answer per series. */
  latest: Map<number, SubscriptionReviewRow>;
}

/** What the book and the member said about its subscriptions: read again after each change, which is cheap. */
async function wordsAbout(deps: AppDeps, scope: RequestBook): Promise<Pick<Found, 'choices' | 'latest'>> {
  const [choices, reviews] = await Promise.all([listChoices(deps.db, scope.bookId), memberReviews(deps.db, scope)]);
  const latest = new Map<number, SubscriptionReviewRow>();
  for (const review of reviews) if (!latest.has(review.series_id)) latest.set(review.series_id, review);
  return { choices: new Map(choices.map((choice) => [choice.series_id, choice])), latest };
}

async function find(deps: AppDeps, scope: RequestBook): Promise<Found> {
  const local = localDateIn(scope.timeZone, deps.clock.now());
  const today = isoDate(local);
  const from = isoDate({ ...addMonths(local, -SUBSCRIPTION_HISTORY_MONTHS), day: 1 });
  const [charges, words, currency] = await Promise.all([
    candidateCharges(deps.db, scope, from),
    wordsAbout(deps, scope),
    bookCurrency(deps.db, scope.bookId),
  ]);
  return { today, currency, subscriptions: detectSubscriptions(charges, today), ...words };
}

function present(found: Found, subscription: DetectedSubscription): DetectedSubscriptionWire {
  const choice = found.choices.get(subscription.id);
  const review = found.latest.get(subscription.id);
  const name = choice?.name ?? subscription.payee;
  const state = stateOf(choice);
  return {
    id: subscription.id,
    entity_id: subscription.payeeId,
    payee: subscription.payee,
    name,
    cadence: subscription.cadence,
    amount: fromCents(subscription.amountCents),
    yearly_cost: fromCents(subscription.yearlyCents),
    first_charge: subscription.firstDate,
    last_charge: subscription.lastDate,
    next_charge: subscription.nextDate,
    charges: subscription.charges,
    price_history: subscription.priceHistory.map((step) => ({ date: step.date, amount: fromCents(step.amountCents) })),
    status: subscription.status,
    state,
    review_due: state !== 'dismissed' && subscriptionReviewDue(subscription, review ? review.created_at.slice(0, 10) : null, found.today),
    review_question: subscriptionReviewQuestion(formatStoredAmount(subscription.amountCents, found.currency), subscription.cadence, name),
    latest_review: review
      ? { still_worth_it: review.still_worth_it === 1, note: review.note, amount: fromCents(review.amount_cents), created_at: review.created_at }
      : null,
  };
}

export async function listDetectedSubscriptions(deps: AppDeps, scope: RequestBook): Promise<DetectedSubscriptions> {
  const found = await find(deps, scope);
  const subscriptions = found.subscriptions.map((subscription) => present(found, subscription));
  const regretted = subscriptions.filter((s) => s.status === 'active' && s.state !== 'dismissed' && s.latest_review?.still_worth_it === false);
  const yearlyCents = found.subscriptions.filter((s) => regretted.some((r) => r.id === s.id)).reduce((sum, s) => sum + s.yearlyCents, 0);
  return { subscriptions, regretted: { count: regretted.length, yearly_total: fromCents(yearlyCents) } };
}

/** The subscription of this id as found now; 404 when no series starts with that charge. */
async function findOne(deps: AppDeps, scope: RequestBook, id: number): Promise<{ found: Found; subscription: DetectedSubscription }> {
  const found = await find(deps, scope);
  const subscription = found.subscriptions.find((candidate) => candidate.id === id);
  if (!subscription) throw notFound('Subscription');
  return { found, subscription };
}

export async function updateDetectedSubscription(deps: AppDeps, scope: RequestBook, id: number, body: UpdateDetectedSubscriptionBody): Promise<DetectedSubscriptionWire> {
  const { found, subscription } = await findOne(deps, scope, id);
  await saveChoice(deps.db, scope.bookId, id, { name: body.name === null ? null : body.name?.trim(), state: body.state }, deps.clock.now().toISOString());
  // The expenses did not change: only the words about them are read again, not the detection.
  return present({ ...found, ...(await wordsAbout(deps, scope)) }, subscription);
}

export async function reviewDetectedSubscription(deps: AppDeps, scope: RequestBook, id: number, body: ReviewSubscriptionBody): Promise<DetectedSubscriptionWire> {
  const { found, subscription } = await findOne(deps, scope, id);
  await insertReview(deps.db, {
    bookId: scope.bookId,
    userId: scope.userId,
    seriesId: id,
    stillWorthIt: body.still_worth_it,
    note: body.note?.trim() || null,
    amountCents: subscription.amountCents,
    createdAt: deps.clock.now().toISOString(),
  });
  return present({ ...found, ...(await wordsAbout(deps, scope)) }, subscription);
}
