/**
 * Issue 31, subscriptions that must stay worth it: a new person whose expenses hold four monthly
 * charges of $15.49 at StreamFlix opens Subscriptions from the navigation, finds it there as a
 * monthly subscription costing $185.88 a year, is asked "Still glad you pay $15.49 a month for
 * StreamFlix?", answers "Not worth it", and sees it under "Subscriptions you regret" with the
 * yearly total. Then the person's word on it: a rename (an empty name refused by the server), and
 * "Not a subscription" with its undo. Screens at 1280 px and 375 px, light and dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { SUBSCRIPTION_NAME_REQUIRED } from '@mindspend/api-contract';
import { expectAccessibleInBothSchemes } from './support/accessibility';
import { addAccountByApi, registerByApi, signInByToken, type ApiUser } from './support/api-user';
import { Screens } from './support/screens';
import { PHONE, WIDE, expectNoSidewaysScroll, shootBothWidths } from './support/widths';

const PASSWORD = 'Subscriptions2024a';
const QUESTION = 'Still glad you pay $15.49 a month for StreamFlix?';

const isoDate = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/**
 * The same day of the month, `months` months back from today on this machine's clock: day 28 at
 * most, so that every month has it and the gaps stay within a monthly cadence's window.
 */
function monthsAgo(months: number): string {
  const now = new Date();
  return isoDate(new Date(now.getFullYear(), now.getMonth() - months, Math.min(now.getDate(), 28)));
}

/** A new person with a checking account and four monthly StreamFlix charges, signed in. */
async function seedStreamFlix(page: Page): Promise<ApiUser> {
  const user = await registerByApi(page, { prefix: 'subscriptions', password: PASSWORD });
  const start = new Date();
  start.setDate(start.getDate() - 130);
  const accountId = await addAccountByApi(page, user, { name: 'Everyday Checking', typeId: 2, balance: 900, date: isoDate(start) });
  const payee = await page.request.post(`/api/accounts/${accountId}/entities`, { headers: user.headers, data: { name: 'StreamFlix' } });
  expect(payee.status()).toBe(201);
  const { id: entityId } = (await payee.json()) as { id: number };
  for (const months of [3, 2, 1, 0]) {
    const charge = await page.request.post(`/api/accounts/${accountId}/transactions`, {
      headers: user.headers,
      data: { type: 'expense', amount: 15.49, date: monthsAgo(months), entity_id: entityId },
    });
    expect(charge.status()).toBe(201);
  }
  await signInByToken(page, user);
  return user;
}

test.use({ viewport: WIDE });

test('a detected subscription is reviewed, and a regretted one counts in the yearly total', async ({ page }) => {
  const screens = new Screens('subscriptions');
  await seedStreamFlix(page);
  const card = page.getByTestId('subscription-card');
  const review = page.getByTestId('subscription-review');
  const regretted = page.getByTestId('subscriptions-regretted');

  await test.step('open Subscriptions from the navigation: StreamFlix, monthly, $185.88 a year', async () => {
    await page.goto('/ledger');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscriptions', exact: true }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('subscription-name')).toHaveText('StreamFlix');
    await expect(card.getByText('Monthly', { exact: true })).toBeVisible();
    await expect(card.getByTestId('subscription-amount')).toHaveText('$15.49');
    await expect(card.getByTestId('subscription-yearly')).toHaveText('$185.88');
    await expect(card.getByTestId('subscription-charges')).toHaveText('4 charges');
    await expect(card.getByTestId('subscription-state')).toHaveText('Detected');
    // One price all along: no history to tell.
    await expect(card.getByTestId('subscription-history')).toHaveCount(0);
    await expect(regretted).toHaveCount(0);
    await expect(review.getByTestId('subscription-review-question')).toHaveText(QUESTION);
    await shootBothWidths(page, screens, 'found');
  });

  await test.step('the second look: "Not worth it", with a note', async () => {
    await review.getByLabel('Note (optional)').fill('I only watch one show');
    await review.getByRole('button', { name: 'Not worth it' }).click();
    await expect(review).toHaveCount(0);
    await expect(card.getByTestId('subscription-answer')).toHaveText(/^You said it is not worth it \(.+\): “I only watch one show”$/);
  });

  await test.step('"Subscriptions you regret" lists it with its yearly cost and the total a year', async () => {
    await expect(regretted.getByTestId('regretted-row')).toHaveCount(1);
    await expect(regretted.getByTestId('regretted-row')).toContainText('StreamFlix');
    await expect(regretted.getByTestId('regretted-yearly')).toHaveText('$185.88 a year');
    await expect(regretted.getByTestId('regretted-total')).toHaveText('This adds up to $185.88 a year.');
    await expectAccessibleInBothSchemes(page, 'subscriptions', () => screens.shot(page, 'regretted-dark-1280'));
    await shootBothWidths(page, screens, 'regretted');
  });

  await test.step('rename: an empty name is refused with the server’s word, a new one is kept', async () => {
    await card.getByRole('button', { name: 'Rename StreamFlix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename subscription' });
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(SUBSCRIPTION_NAME_REQUIRED)).toBeVisible();
    await page.setViewportSize(PHONE);
    await screens.shot(page, 'rename-empty-375');
    await page.setViewportSize(WIDE);
    await dialog.getByLabel('Name').fill('Films');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('subscription-name')).toHaveText('Films');
    await expect(card).toContainText('Payee: StreamFlix');
    await expect(regretted).toContainText('Films');
  });

  await test.step('"Not a subscription" folds it away, with an undo', async () => {
    await card.getByRole('button', { name: 'Not a subscription' }).click();
    await expect(card).toHaveCount(0);
    await expect(regretted).toHaveCount(0);
    await expect(page.getByText('None is being charged now.')).toBeVisible();
    await page.getByRole('button', { name: 'Show dismissed (1)' }).click();
    await expect(page.getByTestId('subscriptions-dismissed-row')).toContainText('Films');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, PHONE.width);
    await screens.shot(page, 'dismissed-375');
    await page.setViewportSize(WIDE);
    await page.getByRole('button', { name: 'Undo: Films is a subscription after all' }).click();
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('subscription-state')).toHaveText('Detected');
    await expect(regretted.getByTestId('regretted-total')).toHaveText('This adds up to $185.88 a year.');
    await card.getByRole('button', { name: "Yes, it's a subscription" }).click();
    await expect(card.getByTestId('subscription-state')).toHaveText('Confirmed');
    await expect(card.getByRole('button', { name: "Yes, it's a subscription" })).toHaveCount(0);
  });
});

test('a person with no subscription found yet is told what it takes', async ({ page }) => {
  const screens = new Screens('subscriptions-empty');
  const user = await registerByApi(page, { prefix: 'subscriptions-empty', password: PASSWORD });
  await signInByToken(page, user);
  await page.setViewportSize(PHONE);
  await page.goto('/subscriptions');
  await expect(page.getByTestId('subscriptions-empty')).toContainText('at least 3 charges at the same payee');
  await expectNoSidewaysScroll(page, PHONE.width);
  await screens.shot(page, 'empty-375');
});
