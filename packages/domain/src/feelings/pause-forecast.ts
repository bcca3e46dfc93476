/**
 * The pause list's forecast (issue 31, docs/DECISIONS.md #99): before a purchase, how often
 * purchases like it were regretted, from the person's own felt history, and how long to wait.
 *
 * - **Similar purchases**: the felt expenses at the same payee when there are at least
 *   FORECAST_MIN_SIMILAR of them, else those in the same sub-category; with fewer than that
 *   either way the forecast says so (`enough: false`) and gives no rate.
 * - **Regretted** counts a purchase by its latest feeling (the second look when there is one), so
 *   a purchase that soured later counts as regretted, and one that warmed up does not.
 * - **Triggers**: each of the four regret triggers (weekday, days since income, payment method,
 *   amount band) whose group for this purchase is shown on the insights page moves the rate by its
 *   lift — the group's rate over the person's rate across that whole dimension. The lifts are
 *   combined by their geometric mean, so four weak triggers do not multiply into a certainty.
 * - **Cooling-off**: a thirtieth of a month per percent point of the forecast rate, rounded up, at
 *   least MIN_COOLING_OFF_DAYS and at most MAX_COOLING_OFF_DAYS; without a forecast,
 *   DEFAULT_COOLING_OFF_DAYS.
 */
import type { RegretTriggers, TriggerDimension } from '../insights/triggers';

/** Felt similar purchases a forecast needs: the same bar as a trigger group's (TRIGGER_MIN_GROUP_FEELINGS). */
export const FORECAST_MIN_SIMILAR = 5;
export const MIN_COOLING_OFF_DAYS = 1;
export const MAX_COOLING_OFF_DAYS = 30;
/** The wait suggested when the history says nothing: long enough to sleep on it twice. */
export const DEFAULT_COOLING_OFF_DAYS = 3;

/** Felt purchases of a payee or sub-category, by their latest feeling. */
export interface SimilarCounts {
  felt: number;
  /** Latest feeling 'Regretted it'. */
  regretted: number;
  /** Felt otherwise at first, regretted on the second look. */
  soured: number;
}

export interface SimilarGroup extends SimilarCounts {
  name: string;
}

/** The trigger groups that apply to this purchase, by dimension; absent: not known. */
export interface PurchaseTriggerKeys {
  weekday: string;
  daysSinceIncome: string;
  paymentMethod?: string | undefined;
  amountBand: string;
}

export type ForecastBasisKind = 'payee' | 'subcategory' | 'weekday' | 'days_since_income' | 'payment_method' | 'amount_band';

export interface ForecastBasis {
  kind: ForecastBasisKind;
  label: string;
  feelings: number;
  regretted: number;
  /** Percent, one decimal. */
  rate: number;
  /** Trigger group's rate over the dimension's; null for the similar purchases. */
  lift: number | null;
}

export interface PauseForecast {
  enough: boolean;
  /** Percent, one decimal; null when not enough. */
  regretRate: number | null;
  similar: number;
  regretted: number;
  soured: number;
  needed: number;
  basis: ForecastBasis[];
}

const percent = (part: number, whole: number): number => (whole <= 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** The similar purchases a forecast rests on: the payee's when enough, else the sub-category's. */
function similarOf(payee: SimilarGroup | null, subcategory: SimilarGroup | null): { kind: 'payee' | 'subcategory'; group: SimilarGroup } | null {
  if (payee && payee.felt >= FORECAST_MIN_SIMILAR) return { kind: 'payee', group: payee };
  if (subcategory && subcategory.felt >= FORECAST_MIN_SIMILAR) return { kind: 'subcategory', group: subcategory };
  return null;
}

const TRIGGER_DIMENSIONS = [
  ['weekday', 'weekday', 'weekday'],
  ['days_since_income', 'daysSinceIncome', 'daysSinceIncome'],
  ['payment_method', 'paymentMethod', 'paymentMethod'],
  ['amount_band', 'amountBand', 'amountBand'],
] as const;

/** The trigger groups of the purchase that the person's history shows, each with its lift. */
function triggerBasis(triggers: RegretTriggers, keys: PurchaseTriggerKeys): ForecastBasis[] {
  return TRIGGER_DIMENSIONS.flatMap(([kind, dimensionName, keyName]) => {
    const dimension: TriggerDimension = triggers[dimensionName];
    const key = keys[keyName];
    if (!dimension.enough || key === undefined) return [];
    const group = dimension.groups.find((candidate) => candidate.key === key);
    const regrettedAll = dimension.groups.reduce((sum, g) => sum + g.regretted, 0);
    const feltAll = dimension.groups.reduce((sum, g) => sum + g.feelings, 0);
    if (!group || regrettedAll === 0 || feltAll === 0) return [];
    const lift = group.regretted / group.feelings / (regrettedAll / feltAll);
    return [{ kind, label: group.label, feelings: group.feelings, regretted: group.regretted, rate: group.rate, lift: Math.round(lift * 100) / 100 }];
  });
}

/** Geometric mean of the lifts (1 when there are none); a lift of 0 counts as a small one, not as certainty of no regret. */
function combinedLift(basis: readonly ForecastBasis[]): number {
  const lifts = basis.flatMap((b) => (b.lift === null ? [] : [Math.max(b.lift, 0.1)]));
  if (lifts.length === 0) return 1;
  return Math.exp(lifts.reduce((sum, lift) => sum + Math.log(lift), 0) / lifts.length);
}

/**
 * The forecast of a purchase from the felt history of its payee and its sub-category (null when
 * the purchase names none) and the person's regret triggers.
 */
export function pauseForecast(
  payee: SimilarGroup | null,
  subcategory: SimilarGroup | null,
  triggers: RegretTriggers,
  keys: PurchaseTriggerKeys,
): PauseForecast {
  const similar = similarOf(payee, subcategory);
  if (!similar) {
    const felt = Math.max(payee?.felt ?? 0, subcategory?.felt ?? 0);
    return { enough: false, regretRate: null, similar: felt, regretted: 0, soured: 0, needed: FORECAST_MIN_SIMILAR, basis: [] };
  }
  const { group, kind } = similar;
  const own: ForecastBasis = { kind, label: group.name, feelings: group.felt, regretted: group.regretted, rate: percent(group.regretted, group.felt), lift: null };
  const triggerLines = triggerBasis(triggers, keys);
  const rate = Math.min(1, (group.regretted / group.felt) * combinedLift(triggerLines));
  return {
    enough: true,
    regretRate: Math.round(rate * 1000) / 10,
    similar: group.felt,
    regretted: group.regretted,
    soured: group.soured,
    needed: FORECAST_MIN_SIMILAR,
    basis: [own, ...triggerLines],
  };
}

/** Days to wait before deciding: longer the likelier regret is. */
export function coolingOffDays(regretRate: number | null): number {
  if (regretRate === null) return DEFAULT_COOLING_OFF_DAYS;
  const days = Math.ceil((Math.max(0, Math.min(100, regretRate)) * MAX_COOLING_OFF_DAYS) / 100);
  return Math.max(MIN_COOLING_OFF_DAYS, Math.min(MAX_COOLING_OFF_DAYS, days));
}

/** Whether a recorded purchase's amount is within 10 % of the amount paused (both in cents). */
export function matchesPausedAmount(pausedCents: number, recordedCents: number): boolean {
  return Math.abs(recordedCents - pausedCents) * 10 <= pausedCents;
}

/** The sentence the pause list shows for a forecast. */
export function forecastSentence(forecast: Pick<PauseForecast, 'enough' | 'similar' | 'regretted' | 'soured' | 'needed'>): string {
  if (!forecast.enough) {
    const more = forecast.needed - forecast.similar;
    return `Not enough history yet: feel ${more} more purchase${more === 1 ? '' : 's'} like this to get a forecast.`;
  }
  const soured = forecast.soured === 0 ? '' : `; ${forecast.soured} soured later`;
  return `Purchases like this were regretted ${forecast.regretted} of ${forecast.similar} times${soured}.`;
}

/** The reminder when the cooling-off ends: 'Still want the $180.00 headphones?'. */
export function pauseReminderMessage(amountText: string, note: string | null, payee: string): string {
  const what = note?.trim().split('\n')[0]?.slice(0, 60).trim();
  return what ? `Still want the ${amountText} ${what}?` : `Still want the ${amountText} purchase at ${payee}?`;
}
