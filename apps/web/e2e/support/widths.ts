/** The two widths the browser tests photograph a screen at, and the check that nothing spills sideways. */
import { expect, type Page } from '@playwright/test';
import type { Screens } from './screens';

export const WIDE = { width: 1280, height: 860 };
export const PHONE = { width: 375, height: 812 };

/** The page does not scroll sideways at its width: nothing of the bar or the cards spills over. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The page at 1280 px and at 375 px, checked and photographed at both, left at 1280 px. */
export async function shootBothWidths(page: Page, screens: Screens, step: string): Promise<void> {
  await expectNoSidewaysScroll(page, WIDE.width);
  await screens.shot(page, `${step}-1280`);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, PHONE.width);
  await screens.shot(page, `${step}-375`);
  await page.setViewportSize(WIDE);
}
