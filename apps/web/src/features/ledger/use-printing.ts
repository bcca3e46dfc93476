import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the page is being printed: the windowed ledger then draws every row, so a printout is
 * the whole month and not the dozen rows in view (DECISIONS.md #109). `beforeprint` is what a real
 * print (Ctrl+P, the browser's menu) fires; the `print` media query's change is what print
 * preview tools and emulation fire. The update is flushed at once: the browser lays the printout
 * out right after `beforeprint`'s listeners return.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => window.matchMedia('print').matches);

  useEffect(() => {
    const query = window.matchMedia('print');
    const set = (next: boolean) => flushSync(() => setPrinting(next));
    const onQuery = () => set(query.matches);
    const onBefore = () => set(true);
    const onAfter = () => set(query.matches);
    query.addEventListener('change', onQuery);
    window.addEventListener('beforeprint', onBefore);
    window.addEventListener('afterprint', onAfter);
    return () => {
      query.removeEventListener('change', onQuery);
      window.removeEventListener('beforeprint', onBefore);
      window.removeEventListener('afterprint', onAfter);
    };
  }, []);

  return printing;
}
