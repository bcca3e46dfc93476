/** Charts drawn at once for a person whose system asks for reduced motion (WCAG 2.3.3). */
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useChartAnimation } from './chart-animation';

const stubbedMatchMedia = window.matchMedia;

/** The system's motion preference as matchMedia reports it. */
function systemAsks(reduced: boolean): void {
  window.matchMedia = (query: string) =>
    ({
      ...stubbedMatchMedia(query),
      matches: reduced && query.includes('prefers-reduced-motion: reduce'),
    }) as MediaQueryList;
}

afterEach(() => {
  window.matchMedia = stubbedMatchMedia;
});

describe('chart animation', () => {
  it('is off when the system asks for reduced motion', () => {
    systemAsks(true);
    const { result } = renderHook(() => useChartAnimation());
    expect(result.current).toEqual({ isAnimationActive: false });
  });

  it('is on otherwise', () => {
    systemAsks(false);
    const { result } = renderHook(() => useChartAnimation());
    expect(result.current).toEqual({ isAnimationActive: true });
  });
});
