/**
 * Issue 29 "answers sized for the screen" (DECISIONS.md #105): 53 felt purchases due for a second
 * look; the ledger shows their count, the dialog a first page of 50, and 'Show more' the next page,
 * which starts after the last of the first (the server's cursor), not over again.
 */
import { expect, test } from '@playwright/test';
import { addAccountByApi, registerByApi, signInByToken } from './support/api-user';
import { Screens } from './support/screens';

const PASSWORD = 'SecondPage2024a';
const DUE = 53;
const PAGE = 50;

/** `YYYY-MM-DD` of `days` days before today, on this machine's (the browser's and server's) clock. */
function daysAgo(days: number): string {
  const then = new Date();
  then.setDate(then.getDate() - days);
  return `${then.getFullYear()}-${String(then.getMonth() + 1).padStart(2, '0')}-${String(then.getDate()).padStart(2, '0')}`;
}

test('the second look pages: a first page of 50, then Show more brings the next', async ({ page }) => {
  test.setTimeout(180_000);
  const screens = new Screens('second-look-paging');
  const user = await registerByApi(page, { prefix: 'second-look-paging', password: PASSWORD });
  const accountId = await addAccountByApi(page, user, { name: 'Everyday Checking', typeId: 2, balance: 5000, date: daysAgo(90) });
  // One felt purchase a day from 62 to 10 days ago: all past the 7-day wait, all due within 60 days.
  // Oldest first, purchase n costs $n.00, so each page's first purchase is known by its amount.
  for (let n = 1; n <= DUE; n += 1) {
    const created = await page.request.post(`/api/accounts/${accountId}/transactions`, {
      headers: user.headers,
      data: { type: 'expense', amount: n, date: daysAgo(63 - n), description: `Felt purchase ${n}`, emotion_names: ['positive'] },
    });
    expect(created.status()).toBe(201);
  }
  await signInByToken(page, user);
  await page.goto('/ledger');
  const button = page.getByTestId('second-look-button');
  await expect(button).toHaveAccessibleName(`Second look (${DUE})`);

  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Second look' });
  const counter = dialog.getByTestId('flow-counter');
  await expect(counter).toHaveText(`1 of ${PAGE}`);
  await expect(dialog).toContainText('$1.00');
  await screens.shot(page, 'first-page');
  // Skipped purchases stay due; the next page still starts after this page's last one.
  for (let step = 1; step <= PAGE; step += 1) {
    await expect(counter).toHaveText(`${step} of ${PAGE}`);
    await dialog.getByRole('button', { name: 'Skip' }).click();
  }
  const done = dialog.getByTestId('second-look-page-done');
  await expect(done).toContainText('More purchases are due for a second look.');
  await screens.shot(page, 'page-done');

  await done.getByRole('button', { name: 'Show more' }).click();
  await expect(counter).toHaveText(`1 of ${DUE - PAGE}`);
  await expect(dialog).toContainText(`$${PAGE + 1}.00`);
  await screens.shot(page, 'second-page');
  // The last page is not full: its end is All Done, with no 'Show more'.
  for (let step = 1; step <= DUE - PAGE; step += 1) await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(dialog.getByTestId('flow-done')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});
