/**
 * Subscriptions found in a book's own expenses (issue 31, docs/DECISIONS.md #100): charges at one
 * payee that come back monthly, quarterly or yearly at about the same amount.
 *
 * - **A series** is a payee's charges whose amounts follow each other within PRICE_STEP (20 %):
 *   a price change continues its series (and is kept as history), a second plan at the same payee
 *   ($2.99 and $10.99 a month) is a series of its own.
 * - **A cadence** is found when at least two thirds of the gaps between a series' charges fall in
 *   one cadence's window (a missed or late month does not end it), with at least
 *   SUBSCRIPTION_MIN_CHARGES charges.
 * - **Ended** once a whole cadence and half of another has passed since the expected charge.
 * - The series' id is its first charge's transaction id: stable while its history stands.
 *
 * Charges are sorted before anything is decided, so the answer does not depend on the order the
 * rows arrive in.
 */
import { clampedDay, mustParse, toIso } from '../budgets/calendar';
import { addMonths } from '../months';
import { isoDayNumber } from '../insights/triggers';

export const SUBSCRIPTION_MIN_CHARGES = 3;
/** A charge continues a series when within this share of its last amount. */
export const PRICE_STEP = 0.2;

export const CADENCES = {
  monthly: { months: 1, minDays: 26, maxDays: 35, perYear: 12, per: 'a month' },
  quarterly: { months: 3, minDays: 84, maxDays: 98, perYear: 4, per: 'a quarter' },
  yearly: { months: 12, minDays: 350, maxDays: 380, perYear: 1, per: 'a year' },
} as const;
export type Cadence = keyof typeof CADENCES;
const CADENCE_ORDER: readonly Cadence[] = ['monthly', 'quarterly', 'yearly'];

/** An expense that may be a subscription's charge. */
export interface Charge {
  id: number;
  /** `YYYY-MM-DD`. */
  date: string;
  amountCents: number;
  payeeId: number;
  payee: string;
}

export interface PriceStep {
  /** The first charge at this amount. */
  date: string;
  amountCents: number;
}

export interface DetectedSubscription {
  /** The first charge's transaction id. */
  id: number;
  payeeId: number;
  payee: string;
  cadence: Cadence;
  /** The latest charge's amount. */
  amountCents: number;
  yearlyCents: number;
  firstDate: string;
  lastDate: string;
  /** When the next charge is expected. */
  nextDate: string;
  charges: number;
  priceHistory: PriceStep[];
  /** The latest price step that went up; null when the price never rose. */
  lastRiseDate: string | null;
  status: 'active' | 'ended';
}

const byDateThenAmount = (a: Charge, b: Charge) =>
  a.payeeId - b.payeeId || a.date.localeCompare(b.date) || a.amountCents - b.amountCents || a.id - b.id;

const withinStep = (last: number, next: number) => Math.abs(next - last) <= Math.abs(last) * PRICE_STEP;

/** A payee's charges (sorted by date) as series of amounts that follow each other. */
function seriesOf(charges: readonly Charge[]): Charge[][] {
  const series: Charge[][] = [];
  for (const charge of charges) {
    const candidates = series.filter((s) => {
      const last = s[s.length - 1];
      return last !== undefined && last.date !== charge.date && withinStep(last.amountCents, charge.amountCents);
    });
    // The closest amount wins, then the older series: both decided by the sorted input alone.
    const best = candidates.sort((a, b) => Math.abs((a[a.length - 1]?.amountCents ?? 0) - charge.amountCents) - Math.abs((b[b.length - 1]?.amountCents ?? 0) - charge.amountCents))[0];
    if (best) best.push(charge);
    else series.push([charge]);
  }
  return series;
}

/** The cadence most of a series' gaps fall in, or null. */
export function cadenceOf(dates: readonly string[]): Cadence | null {
  if (dates.length < SUBSCRIPTION_MIN_CHARGES) return null;
  const gaps = dates.slice(1).map((date, index) => isoDayNumber(date) - isoDayNumber(dates[index] ?? date));
  for (const cadence of CADENCE_ORDER) {
    const { minDays, maxDays } = CADENCES[cadence];
    const fitting = gaps.filter((gap) => gap >= minDays && gap <= maxDays).length;
    if (fitting * 3 >= gaps.length * 2) return cadence;
  }
  return null;
}

/** The date a cadence after `date`, the day kept or moved back to the month's end. */
export function nextChargeDate(date: string, cadence: Cadence, originalDay = mustParse(date).day): string {
  const day = mustParse(date);
  return toIso(clampedDay(addMonths({ year: day.year, month: day.month }, CADENCES[cadence].months), originalDay));
}

function priceHistoryOf(series: readonly Charge[]): { steps: PriceStep[]; lastRiseDate: string | null } {
  const steps: PriceStep[] = [];
  let lastRiseDate: string | null = null;
  for (const charge of series) {
    const previous = steps[steps.length - 1];
    if (previous && previous.amountCents === charge.amountCents) continue;
    if (previous && charge.amountCents > previous.amountCents) lastRiseDate = charge.date;
    steps.push({ date: charge.date, amountCents: charge.amountCents });
  }
  return { steps, lastRiseDate };
}

/** The subscriptions among the charges, on the person's `today`; active first, then by yearly cost. */
export function detectSubscriptions(charges: readonly Charge[], today: string): DetectedSubscription[] {
  const sorted = [...charges].sort(byDateThenAmount);
  const byPayee = new Map<number, Charge[]>();
  for (const charge of sorted) byPayee.set(charge.payeeId, [...(byPayee.get(charge.payeeId) ?? []), charge]);
  const found: DetectedSubscription[] = [];
  for (const payeeCharges of byPayee.values()) {
    for (const series of seriesOf(payeeCharges)) {
      const cadence = cadenceOf(series.map((charge) => charge.date));
      const first = series[0];
      const last = series[series.length - 1];
      if (!cadence || !first || !last) continue;
      const { steps, lastRiseDate } = priceHistoryOf(series);
      const nextDate = nextChargeDate(last.date, cadence, mustParse(first.date).day);
      const graceDays = Math.round(CADENCES[cadence].maxDays / 2);
      found.push({
        id: first.id,
        payeeId: first.payeeId,
        payee: first.payee,
        cadence,
        amountCents: last.amountCents,
        yearlyCents: last.amountCents * CADENCES[cadence].perYear,
        firstDate: first.date,
        lastDate: last.date,
        nextDate,
        charges: series.length,
        priceHistory: steps,
        lastRiseDate,
        status: isoDayNumber(today) > isoDayNumber(nextDate) + graceDays ? 'ended' : 'active',
      });
    }
  }
  return found.sort(
    (a, b) => (a.status === b.status ? 0 : a.status === 'active' ? -1 : 1) || b.yearlyCents - a.yearlyCents || a.payee.localeCompare(b.payee) || a.id - b.id,
  );
}

/** Days between second looks at a subscription: once a quarter. */
export const SUBSCRIPTION_REVIEW_DAYS = 90;

/**
 * Whether to ask again if a subscription is still worth it: never asked, asked more than a
 * quarter ago, or its price rose since the last answer.
 */
export function subscriptionReviewDue(subscription: Pick<DetectedSubscription, 'status' | 'lastRiseDate'>, lastReviewDate: string | null, today: string): boolean {
  if (subscription.status !== 'active') return false;
  if (lastReviewDate === null) return true;
  if (subscription.lastRiseDate !== null && subscription.lastRiseDate > lastReviewDate) return true;
  return isoDayNumber(today) - isoDayNumber(lastReviewDate) >= SUBSCRIPTION_REVIEW_DAYS;
}

/** 'Still glad you pay $15.49 a month for Netflix?' */
export function subscriptionReviewQuestion(amountText: string, cadence: Cadence, name: string): string {
  return `Still glad you pay ${amountText} ${CADENCES[cadence].per} for ${name}?`;
}
