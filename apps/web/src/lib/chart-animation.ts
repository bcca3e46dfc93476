/**
 * Charts (Mantine's, drawn by Recharts) grow their bars, lines and slices in over about a second.
 * For a person whose system asks for reduced motion they appear already drawn (WCAG 2.3.3), as the
 * theme's `respectReducedMotion` does for modals and menus (theme.ts). Spread into a chart's
 * `barProps`, `lineProps` or `pieProps`.
 */
import { useReducedMotion } from '@mantine/hooks';

export function useChartAnimation(): { isAnimationActive: boolean } {
  return { isAnimationActive: !useReducedMotion() };
}
