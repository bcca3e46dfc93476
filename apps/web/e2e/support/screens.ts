import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { motionSettled } from './motion';

/** Numbered full-page screenshots into e2e-screenshots/<spec-name>/NN-step.png. */
export class Screens {
  readonly dir: string;
  private count = 0;

  constructor(specName: string) {
    const root = process.env.E2E_SCREENSHOT_DIR ?? path.resolve('e2e-screenshots');
    this.dir = path.join(root, specName);
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  async shot(page: Page, step: string): Promise<void> {
    this.count += 1;
    const name = `${String(this.count).padStart(2, '0')}-${step}.png`;
    // Let transitions (menus, notifications) settle so the picture shows the final state.
    // Full-page captures of a scrolled page paint the sticky bar mid-page; start from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await motionSettled(page);
    await page.screenshot({ path: path.join(this.dir, name), fullPage: true });
  }

  /**
   * One part of a long page (a card of Settings) as a full-page capture shows it, so the sticky bar
   * does not cover its top as it does in an element capture of a scrolled page.
   */
  async part(page: Page, locator: Locator, step: string): Promise<void> {
    this.count += 1;
    const name = `${String(this.count).padStart(2, '0')}-${step}.png`;
    await page.evaluate(() => window.scrollTo(0, 0));
    await motionSettled(page);
    const box = await locator.boundingBox();
    if (!box) throw new Error(`${step}: the part to photograph is not on the page`);
    await page.screenshot({ path: path.join(this.dir, name), fullPage: true, clip: box });
  }

  /** One part of the page (a chart, a card) in the same numbered sequence. */
  async element(locator: Locator, step: string): Promise<void> {
    this.count += 1;
    const name = `${String(this.count).padStart(2, '0')}-${step}.png`;
    await locator.scrollIntoViewIfNeeded();
    // Charts are drawn at once under the tests' reduced motion (apps/web/src/lib/chart-animation.ts).
    await motionSettled(locator.page());
    await locator.screenshot({ path: path.join(this.dir, name) });
  }
}
