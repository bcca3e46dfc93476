import { describe, expect, it } from 'vitest';
import { keepRow, nextRowIndex } from './use-row-focus';

const range = (startIndex: number, endIndex: number, count = 1000) => ({ startIndex, endIndex, overscan: 2, count });

describe('the windowed ledger keys (DECISIONS.md #109)', () => {
  it('moves by one, by a page, to either end, and stops at the ends', () => {
    expect(nextRowIndex('ArrowDown', 4, 1000)).toBe(5);
    expect(nextRowIndex('ArrowUp', 4, 1000)).toBe(3);
    expect(nextRowIndex('ArrowUp', 0, 1000)).toBe(0);
    expect(nextRowIndex('ArrowDown', 999, 1000)).toBe(999);
    expect(nextRowIndex('PageDown', 995, 1000)).toBe(999);
    expect(nextRowIndex('PageDown', 4, 1000)).toBe(14);
    expect(nextRowIndex('PageUp', 4, 1000)).toBe(0);
    expect(nextRowIndex('Home', 500, 1000)).toBe(0);
    expect(nextRowIndex('End', 5, 1000)).toBe(999);
    expect(nextRowIndex('a', 5, 1000)).toBeNull();
  });

  it('keeps the focused row drawn outside the window, in row order', () => {
    expect(keepRow(range(10, 12), null)).toEqual([8, 9, 10, 11, 12, 13, 14]);
    expect(keepRow(range(10, 12), 3)).toEqual([3, 8, 9, 10, 11, 12, 13, 14]);
    expect(keepRow(range(10, 12), 600)).toEqual([8, 9, 10, 11, 12, 13, 14, 600]);
    expect(keepRow(range(10, 12), 11)).toEqual([8, 9, 10, 11, 12, 13, 14]);
    // A row the month no longer has (a filter shortened it) is not drawn.
    expect(keepRow(range(0, 2, 5), 7)).toEqual([0, 1, 2, 3, 4]);
  });
});
