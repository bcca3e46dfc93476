/**
 * Where each detected subscription shows on the page (issue 31): the second looks due at the top,
 * the ones regretted, the active list, and below, folded away, the dismissed and the ended.
 */
import type { DetectedSubscriptionWire } from '@mindspend/api-contract';

export interface SubscriptionSections {
  /** Active ones the server asks about again ('Still glad you pay …?'). */
  toReview: DetectedSubscriptionWire[];
  /** Active, not dismissed, and the latest answer was 'not worth it'. */
  regretted: DetectedSubscriptionWire[];
  /** Still charged and not dismissed: the main list. */
  active: DetectedSubscriptionWire[];
  /** Set aside by the person as not a subscription, whether still charged or not. */
  dismissed: DetectedSubscriptionWire[];
  /** No longer charged (and not dismissed). */
  ended: DetectedSubscriptionWire[];
}

/** The server's order (active first, dearest first) is kept within each section. */
export function subscriptionSections(list: readonly DetectedSubscriptionWire[]): SubscriptionSections {
  const dismissed = list.filter((s) => s.state === 'dismissed');
  const kept = list.filter((s) => s.state !== 'dismissed');
  const active = kept.filter((s) => s.status === 'active');
  return {
    // The server never marks a dismissed one due; the filter keeps a stale answer from asking anyway.
    toReview: active.filter((s) => s.review_due),
    regretted: active.filter((s) => s.latest_review?.still_worth_it === false),
    active,
    dismissed,
    ended: kept.filter((s) => s.status === 'ended'),
  };
}
