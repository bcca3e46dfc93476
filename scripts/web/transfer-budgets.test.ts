// The verdict of the transferred-bytes check (scripts/web/route-transfer-check.ts): a route over
// its byte budget, or a landing page that asks for too much before it is usable, must fail it.
import { describe, expect, it } from 'vitest';
import { type RouteTransfer, TRANSFER_BUDGETS, overBudget, transferTable } from './transfer-budgets';

const landing = TRANSFER_BUDGETS.find((budget) => budget.name === 'landing')!;

function measured(overrides: Partial<RouteTransfer>): RouteTransfer {
  return { budget: landing, bytes: 120_000, requests: 12, requestsBeforeUsable: 10, usableMs: 400, headerBytes: 3_000, ...overrides };
}

describe('overBudget', () => {
  it('passes a route within its bytes and its request count', () => {
    expect(overBudget([measured({})])).toEqual([]);
    expect(overBudget([measured({ bytes: 150_000, requestsBeforeUsable: 15 })])).toEqual([]);
  });

  it('fails a route one byte over its budget, and one whose budget is set low', () => {
    expect(overBudget([measured({ bytes: 150_001 })])).toEqual(['landing 150.0 KB > 150.0 KB']);
    const tight = { ...landing, budgetBytes: 1_000 };
    expect(overBudget([measured({ budget: tight })])).toEqual(['landing 120.0 KB > 1.0 KB']);
  });

  it('fails the landing page when more than 15 requests come before it is usable', () => {
    expect(overBudget([measured({ requestsBeforeUsable: 16 })])).toEqual([
      'landing made 16 requests before it was usable (at most 15)',
    ]);
  });

  it('does not count requests for a route without a cap', () => {
    const login = TRANSFER_BUDGETS.find((budget) => budget.name === 'login')!;
    expect(overBudget([measured({ budget: login, requestsBeforeUsable: 40 })])).toEqual([]);
  });
});

describe('transferTable', () => {
  it('names each route with its bytes, requests and verdict', () => {
    const table = transferTable([measured({ bytes: 186_000, requests: 30, requestsBeforeUsable: 22 })]);
    expect(table).toContain('| landing `/` | 186.0 KB | 3.0 KB | 30 | 22 (≤ 15) | 400 ms | OVER 150.0 KB |');
  });
});
