import { type FocusEvent, type KeyboardEvent, type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { type Range, type Virtualizer, defaultRangeExtractor } from '@tanstack/react-virtual';

/** Rows that Page Up and Page Down move by: about a screenful of the ledger. */
const PAGE_ROWS = 10;

/** The row index (`data-index`) of the row an element is in, or null outside any row. */
export function rowIndexOf(target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const index = target.closest('[data-index]')?.getAttribute('data-index');
  return index === undefined || index === null ? null : Number(index);
}

/** Where a key moves the focus from row `index` of `count`; null for a key that moves nothing. */
export function nextRowIndex(key: string, index: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, last);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'PageDown':
      return Math.min(index + PAGE_ROWS, last);
    case 'PageUp':
      return Math.max(index - PAGE_ROWS, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * The rows the window draws, plus the focused one wherever it is: a row scrolled out of view
 * while focused stays in the DOM, so the focus (and a dialog's return of it) never lands on
 * nothing (DECISIONS.md #109).
 */
export function keepRow(range: Range, kept: number | null): number[] {
  const indexes = defaultRangeExtractor(range);
  if (kept === null || kept >= range.count || indexes.includes(kept)) return indexes;
  return [...indexes, kept].sort((a, b) => a - b);
}

/**
 * Keyboard for the windowed ledger: Tab reaches each drawn row as before; the arrows, Page Up/Down,
 * Home and End move to any row of the month, scrolling it into view first and focusing it once it
 * is drawn. `rangeExtractor` goes to the virtualizer; `groupProps` to the rows' container.
 */
export function useRowFocus(scrollRef: RefObject<HTMLElement | null>) {
  const [focused, setFocused] = useState<number | null>(null);
  const pending = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => keepRow(range, focused), [focused]);

  // After each render: the row a key moved to is drawn now, so it takes the focus.
  useLayoutEffect(() => {
    if (pending.current === null) return;
    const row = scrollRef.current?.querySelector(`[data-index="${pending.current}"]`);
    if (row instanceof HTMLElement) {
      pending.current = null;
      row.focus({ preventScroll: true });
    }
  });

  const groupProps = (virtualizer: Virtualizer<HTMLDivElement, Element>, count: number) => ({
    onFocus: (event: FocusEvent<HTMLElement>) => setFocused(rowIndexOf(event.target)),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      // Only on the row itself: the edit link inside it keeps its own keys.
      if (!(event.target instanceof HTMLElement) || event.target.getAttribute('role') !== 'row') return;
      const from = rowIndexOf(event.target);
      const to = from === null ? null : nextRowIndex(event.key, from, count);
      if (to === null) return;
      // The scroller must not scroll by itself as well; at the first or last row nothing moves.
      event.preventDefault();
      if (to === from) return;
      pending.current = to;
      setFocused(to);
      virtualizer.scrollToIndex(to, { align: 'auto' });
    },
  });

  return { rangeExtractor, groupProps };
}
