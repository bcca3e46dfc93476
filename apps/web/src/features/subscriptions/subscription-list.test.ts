import { describe, expect, it } from 'vitest';
import { subscriptionOf } from './fixtures';
import { subscriptionSections } from './subscription-list';

const answered = (stillWorthIt: boolean) => ({ still_worth_it: stillWorthIt, note: null, amount: 15.49, created_at: '2026-10-20T12:00:00.000Z' });

describe('where each subscription shows (issue 31)', () => {
  it('puts the due second looks on top, the regretted apart, and folds away the dismissed and the ended', () => {
    const due = subscriptionOf({ id: 1 });
    const regretted = subscriptionOf({ id: 2, review_due: false, latest_review: answered(false) });
    const kept = subscriptionOf({ id: 3, review_due: false, latest_review: answered(true), state: 'confirmed' });
    const dismissed = subscriptionOf({ id: 4, state: 'dismissed', review_due: false, latest_review: answered(false) });
    const ended = subscriptionOf({ id: 5, status: 'ended', review_due: false, latest_review: answered(false) });
    const endedDismissed = subscriptionOf({ id: 6, status: 'ended', state: 'dismissed', review_due: false });
    const sections = subscriptionSections([due, regretted, kept, dismissed, ended, endedDismissed]);
    const ids = (list: { id: number }[]) => list.map((s) => s.id);
    expect(ids(sections.toReview)).toEqual([1]);
    // Not the dismissed one nor the ended one, though both were answered 'not worth it'.
    expect(ids(sections.regretted)).toEqual([2]);
    expect(ids(sections.active)).toEqual([1, 2, 3]);
    expect(ids(sections.dismissed)).toEqual([4, 6]);
    expect(ids(sections.ended)).toEqual([5]);
  });

  it('asks nothing about a dismissed subscription, even if an answer still says it is due', () => {
    expect(subscriptionSections([subscriptionOf({ state: 'dismissed', review_due: true })]).toReview).toEqual([]);
  });
});
