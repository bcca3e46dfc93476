import { describe, expect, it } from 'vitest';
import { WEBHOOK_ATTEMPT_OFFSETS_MS, WEBHOOK_GIVE_UP_AFTER_MS, nextWebhookAttempt } from './retry-schedule';

const event = '2026-11-27T10:00:00.000Z';

describe('nextWebhookAttempt', () => {
  it('tries at once, then a minute after the event, then further apart', () => {
    expect(nextWebhookAttempt(event, 0, event)).toBe(event);
    expect(nextWebhookAttempt(event, 1, '2026-11-27T10:00:01.000Z')).toBe('2026-11-27T10:01:00.000Z');
    expect(nextWebhookAttempt(event, 2, '2026-11-27T10:01:02.000Z')).toBe('2026-11-27T10:05:00.000Z');
  });

  it('gives up after the try a day after the event', () => {
    const lastTry = WEBHOOK_ATTEMPT_OFFSETS_MS.length - 1;
    expect(nextWebhookAttempt(event, lastTry, '2026-11-28T00:00:00.000Z')).toBe('2026-11-28T10:00:00.000Z');
    expect(nextWebhookAttempt(event, lastTry + 1, '2026-11-28T10:00:01.000Z')).toBeNull();
    expect(WEBHOOK_ATTEMPT_OFFSETS_MS.at(-1)).toBe(WEBHOOK_GIVE_UP_AFTER_MS);
  });

  it('never schedules a try in the past: a server that was down tries at once when back', () => {
    expect(nextWebhookAttempt(event, 3, '2026-11-27T18:00:00.000Z')).toBe('2026-11-27T18:00:00.000Z');
  });

  it('spaces the tries ever further apart', () => {
    const gaps = WEBHOOK_ATTEMPT_OFFSETS_MS.slice(1).map((offset, index) => offset - (WEBHOOK_ATTEMPT_OFFSETS_MS[index] ?? 0));
    for (let index = 1; index < gaps.length; index += 1) expect(gaps[index]).toBeGreaterThanOrEqual(gaps[index - 1] ?? 0);
  });
});
