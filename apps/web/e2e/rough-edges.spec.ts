/**
 * Issue 13 "the rough edges": what went wrong when the app was tried as a new user would, each
 * checked where it went wrong — Enter in a date field, a removed transaction asked for again,
 * the details' sub-category, the budgets page at 375 px, the remove confirmation at 900 px
 * height, the import chooser's words, a long e-mail in the navigation, and (issue 36) Escape in
 * an open date picker. The data is made
 * through the API so each test starts on the screen it is about.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Screens } from './support/screens';
import { currentBudgetsPath } from './support/app';
import { registerByApi, signInByToken } from './support/api-user';
import { type BudgetedExpense, seedBudgetedExpense } from './support/seed-budgeted-expense';

const PASSWORD = 'Rough2024a';

interface Seeded extends BudgetedExpense {
  email: string;
}

function longEmail(): string {
  return `household-finances-of-the-longstreet-family-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example-budgets.com`;
}

/** A new user with a checking account, a flexible budget on the first expense sub-category and one expense in it this month. */
async function seed(page: Page): Promise<Seeded> {
  const user = await registerByApi(page, { email: longEmail(), password: PASSWORD });
  const seeded = await seedBudgetedExpense(page, user, { account: 'Everyday Checking', description: 'Weekly shop' });
  await signInByToken(page, user);
  return { email: user.email, ...seeded };
}

function ledgerMonth(accountId: number): string {
  const now = new Date();
  return `/ledger/accounts/${accountId}/month/${now.getMonth() + 1}/year/${now.getFullYear()}`;
}

test('pressing Enter in a date field does not submit the half-filled form', async ({ page }) => {
  const screens = new Screens('rough-edges-enter');
  await seed(page);

  await page.goto('/income/add');
  const income = page.getByRole('dialog', { name: 'Add Recurring Income Source' });
  await income.getByLabel('Start Date').click();
  await income.getByLabel('Start Date').press('Enter');
  await page.waitForTimeout(300);
  // Before the fix the form was sent: its 'required' messages appeared for the fields not yet filled.
  await expect(income).toBeVisible();
  await expect(income.getByText('The amount field is required.')).toHaveCount(0);
  await screens.shot(page, 'income-enter-in-start-date');

  await page.goto('/goals');
  await page.getByRole('button', { name: 'Add Goal' }).click();
  const goal = page.getByRole('dialog', { name: 'New Goal' });
  const now = new Date();
  await goal.getByLabel('Target date').fill(`${now.getMonth() + 1}/15/${now.getFullYear() + 1}`);
  await goal.getByLabel('Target date').press('Enter');
  await page.waitForTimeout(300);
  await expect(goal).toBeVisible();
  await expect(goal.getByText('The name field is required.')).toHaveCount(0);
  // The typed date is kept.
  await expect(goal.getByLabel('Target date')).toHaveValue(`${now.getMonth() + 1}/15/${now.getFullYear() + 1}`);
  await screens.shot(page, 'goal-enter-in-target-date');
});

test('Escape in an open date picker closes the calendar only, and a form with typed values asks first (issue 36)', async ({ page }) => {
  const screens = new Screens('rough-edges-escape');
  const { accountId } = await seed(page);

  await page.goto(ledgerMonth(accountId));
  await page.getByRole('link', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'New Transaction' });
  await form.getByRole('radio', { name: 'Expense' }).check();
  await form.getByLabel('Amount', { exact: true }).fill('18.40');
  await form.getByLabel('Date').click();
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Amount', { exact: true })).toHaveValue('18.40');

  // Escape again would drop the typed amount: the form asks, and keeps it on "Keep editing".
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard this transaction?' });
  await expect(ask).toBeVisible();
  await screens.shot(page, 'discard-transaction-1280');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(form.getByLabel('Amount', { exact: true })).toHaveValue('18.40');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/income/add');
  const income = page.getByRole('dialog', { name: 'Add Recurring Income Source' });
  await income.getByLabel('Amount').fill('2500');
  await income.getByLabel('Start Date').click();
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(income.getByLabel('Amount')).toHaveValue(/2,?500/);
  await page.keyboard.press('Escape');
  const askIncome = page.getByRole('dialog', { name: 'Discard this income source?' });
  await expect(askIncome).toBeVisible();
  await screens.shot(page, 'discard-income-375');
  await askIncome.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/income$/);
  await page.setViewportSize({ width: 1280, height: 860 });
});

test("the details' sub-category opens that budget's transactions for the month", async ({ page }) => {
  const screens = new Screens('rough-edges-details');
  const seeded = await seed(page);
  await page.goto(ledgerMonth(seeded.accountId));
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(1);
  await rows.first().getByTestId('amount').click();
  const details = page.getByRole('dialog', { name: 'Transaction Details' });
  const category = details.getByRole('link', { name: new RegExp(seeded.subcategory) });
  await expect(category).toBeVisible();
  await screens.shot(page, 'details-category-link');
  await category.click();
  const now = new Date();
  await expect(page).toHaveURL(
    new RegExp(`/budgets/${seeded.budgetId}/year/${now.getFullYear()}/month/${now.getMonth() + 1}/transactions$`),
  );
  await expect(page.getByRole('dialog')).toContainText('$42.50');
  await screens.shot(page, 'budget-transactions');
});

/** Fails the test on any console error or API 404 seen from now on. */
function watchErrors(page: Page): { consoleErrors: string[]; notFound: string[] } {
  const seen = { consoleErrors: [] as string[], notFound: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error') seen.consoleErrors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() === 404 && response.url().includes('/api/')) seen.notFound.push(response.url());
  });
  return seen;
}

async function openEditAndRemove(page: Page, accountId: number): Promise<Locator> {
  await page.goto(ledgerMonth(accountId));
  await page.getByTestId('transaction-row').first().getByRole('link', { name: 'Edit transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  return dialog;
}

test("Edit Transaction's remove confirmation is wholly in view at 900 px height", async ({ page }) => {
  const screens = new Screens('rough-edges-confirm');
  await page.setViewportSize({ width: 1280, height: 900 });
  const seeded = await seed(page);
  const dialog = await openEditAndRemove(page, seeded.accountId);
  const yes = dialog.getByRole('button', { name: 'Yes, remove' });
  await expect(yes).toBeInViewport({ ratio: 1 });
  // Inside the modal's own scrolling box too, not only the window.
  const content = page.locator('.mantine-Modal-content');
  await expect
    .poll(async () => {
      const [button, box] = await Promise.all([yes.boundingBox(), content.boundingBox()]);
      return button !== null && box !== null && button.y >= box.y && button.y + button.height <= box.y + box.height;
    })
    .toBe(true);
  await screens.element(content, 'remove-confirmation-in-view');
});

test('after removing a transaction the app does not ask for it again', async ({ page }) => {
  const screens = new Screens('rough-edges-removal');
  const seeded = await seed(page);
  const seen = watchErrors(page);
  const dialog = await openEditAndRemove(page, seeded.accountId);
  await dialog.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('transaction-row')).toHaveCount(0);
  // Anything asked after the removal has had time to come back.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(seen.notFound).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
  await screens.shot(page, 'removed');
});

/** True when the element's text is cut (an ellipsis): its content is wider than its box. */
async function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}

test('at 375 px the budget status pill is whole and the budget tabs keep to one line', async ({ page }) => {
  const screens = new Screens('rough-edges-phone');
  await page.setViewportSize({ width: 375, height: 812 });
  await seed(page);
  await page.goto(currentBudgetsPath());
  const pill = page.getByTestId('budget-status').first();
  await expect(pill).toHaveText(/under budget/i);
  await pill.scrollIntoViewIfNeeded();
  await expect(pill).toBeInViewport({ ratio: 1 });
  expect(await isCut(pill.locator('.mantine-Badge-label'))).toBe(false);

  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(3);
  const tops = await tabs.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  // All three fit: none is left to scroll to.
  const lastRight = await tabs.last().evaluate((element) => element.getBoundingClientRect().right);
  expect(lastRight).toBeLessThanOrEqual(375);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screens.shot(page, 'budgets-375');
});

test('the import chooser speaks of every file it accepts, in its label, hint and refusal', async ({ page }) => {
  const screens = new Screens('rough-edges-import');
  await seed(page);

  await page.goto('/import-transactions');
  const dialog = page.getByRole('dialog', { name: 'Import Transactions' });
  const chooser = dialog.locator('input[type="file"]');
  await expect(chooser).toHaveAttribute('accept', /\.ofx/);
  await expect(dialog.getByText('Statement file', { exact: true })).toBeVisible();
  await expect(dialog).toContainText('.csv, .ofx, .qfx, .qif, CAMT .xml, MT940 .sta or Excel .xlsx');
  await chooser.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a statement') });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByTestId('import-error')).toHaveText('Please select a CSV, OFX, QFX, QIF, CAMT (.xml), MT940 or Excel (.xlsx) statement file.');
  await screens.shot(page, 'import-words');
});

test('the navigation shortens a long e-mail but shows it whole on hover and in the menu', async ({ page }) => {
  const screens = new Screens('rough-edges-email');
  const seeded = await seed(page);
  await page.goto(ledgerMonth(seeded.accountId));
  const menu = page.getByTestId('user-menu');
  await expect(menu).toBeVisible();
  // The button shortens the address; hovering it shows the whole, and the menu heads with it.
  await expect(menu).toHaveAttribute('title', seeded.email);
  await menu.click();
  const heading = page.getByTestId('user-menu-email');
  await expect(heading).toHaveText(seeded.email);
  expect(await isCut(heading)).toBe(false);
  const box = await heading.boundingBox();
  expect(box).not.toBeNull();
  await screens.shot(page, 'long-email-menu');
});
