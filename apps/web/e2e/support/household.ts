/** What the browser walks of shared books (issue 25) have in common. */
import { expect, type Locator, type Page } from '@playwright/test';

/** After a reload or a fresh page the app loads again from nothing; a busy machine takes its time. */
export const SLOW = { timeout: 30_000 };

/** The navigation's book switcher. */
export const switcher = (page: Page) => page.getByTestId('book-switcher');

/** The invitation link's path inside the mailed text. */
export function invitationPathIn(body: string): string {
  const match = /\/invitations\/[A-Za-z0-9_-]+/.exec(body);
  if (!match) throw new Error(`no invitation link in e-mail:\n${body}`);
  return match[0];
}

/** Opens Settings from the user menu; the Books section, once shown. */
export async function openSettings(page: Page): Promise<Locator> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  const books = page.getByTestId('books-section');
  await expect(books).toBeVisible(SLOW);
  return books;
}

/** The page is no wider than the window. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
