import { describe, expect, it } from 'vitest';
import type { Pause } from '@mindspend/api-contract';
import { lastDays, pauseSections } from './pause-list';

const pause = (id: number, status: Pause['status'], remindAt: string, createdAt = '2026-11-01T10:00:00.000Z'): Pause => ({
  id,
  payee: 'Sound Shop',
  entity_id: null,
  subcategory_id: null,
  subcategory: null,
  amount: 180,
  payment_method: null,
  note: null,
  created_at: createdAt,
  cooling_off_days: 3,
  remind_at: remindAt,
  status,
  decision: status === 'decided' ? 'skipped' : null,
  decided_at: null,
  transaction_id: null,
  forecast: { enough: false, regret_rate: null, similar: 0, regretted: 0, soured: 0, needed: 5, basis: [] },
  match: null,
});

describe('the pause list', () => {
  it('puts those due first, then those cooling off by nearest reminder, then the decided newest first, leaving out empty sections', () => {
    const sections = pauseSections([
      pause(1, 'waiting', '2026-11-30T10:00:00.000Z'),
      pause(2, 'decided', '2026-11-02T10:00:00.000Z', '2026-10-01T10:00:00.000Z'),
      pause(3, 'waiting', '2026-11-27T10:00:00.000Z'),
      pause(4, 'decided', '2026-11-05T10:00:00.000Z', '2026-10-20T10:00:00.000Z'),
    ]);
    expect(sections.map((section) => [section.title, section.pauses.map((p) => p.id)])).toEqual([
      ['Cooling off', [3, 1]],
      ['Decided', [4, 2]],
    ]);
    expect(pauseSections([pause(5, 'reminder_due', '2026-11-20T10:00:00.000Z')])[0]?.title).toBe('Time to decide');
    expect(pauseSections([])).toEqual([]);
  });

  it("sums up the last 90 days of the person's dates, today included, across months and years", () => {
    expect(lastDays('2026-11-24', 90)).toEqual({ from: '2026-08-27', to: '2026-11-24' });
    expect(lastDays('2026-01-15', 90)).toEqual({ from: '2025-10-18', to: '2026-01-15' });
    expect(lastDays('2026-03-01', 1)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
});
