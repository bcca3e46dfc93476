/**
 * Waiting for the page to stop moving, instead of a fixed pause: Mantine fades colours when the
 * colour scheme changes, a text field's border when it takes the focus, and menus and notifications
 * in and out. Fixed waits of 200–300 ms did this before, several hundred times per run of the
 * browser tests (docs/PERFORMANCE.md, "Every core for the Vitest stages, no fixed waits in the
 * browser tests").
 */
import type { Page } from '@playwright/test';

/**
 * Resolves once no finite animation or transition runs. Two frames first, for what the last step
 * caused to start; endless ones (a loader's spin) never finish and are not waited for. Charts that
 * animate from script (Recharts) are not CSS animations: Screens.element waits for those itself.
 */
export async function motionSettled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}
