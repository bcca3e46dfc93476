/**
 * Issues 15 and 16 (docs/DECISIONS.md #55, #56): a new user turns rollover on for a flexible
 * budget and sees next month receive what this month left, in the row and the detail modal; then
 * sets a regret cap and sees the row warn once regretted spending passes it.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MONTH_NAMES } from '@mindspend/domain';
import { expectNoSeriousViolations } from './support/accessibility';
import { Screens } from './support/screens';
import { currentBudgetsPath, expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';

const PASSWORD = 'Rollover2024a';

function row(page: Page, name: string): Locator {
  return page
    .getByTestId('budget-row')
    .filter({ has: page.getByTestId('budget-name').getByText(name, { exact: true }) });
}

async function pick(scope: Page | Locator, page: Page, label: string | RegExp, option: string | RegExp) {
  await scope.getByLabel(label, { exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function recordDiningExpense(page: Page, amount: string, feeling: string): Promise<void> {
  await page.getByRole('link', { name: 'Add Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Transaction' });
  await dialog.getByRole('radio', { name: 'Expense' }).check();
  await dialog.getByLabel('Amount').fill(amount);
  await pick(dialog, page, 'Category', 'Food');
  await pick(dialog, page, 'Sub-category', /Dining Out/);
  await dialog.getByRole('button', { name: feeling }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test.use({ actionTimeout: 15_000 });

test('rollover carries this month into the next, and a regret cap warns once passed', async ({ page }) => {
  const screens = new Screens('budget-rollover');
  const now = new Date();
  const thisMonth = MONTH_NAMES[now.getMonth()] ?? '';

  await test.step('sign up, add a checking account and a flexible Eating out budget of $200', async () => {
    await page.goto('/signup');
    await fillAccount(page, uniqueEmail('rollover'), PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await page.getByRole('button', { name: 'Add Budget' }).click();
    const form = page.getByTestId('add-budget-form');
    await pick(form, page, /^Sub-category/, /Dining Out/);
    await form.getByLabel('Display name').fill('Eating out');
    await form.getByLabel('Amount').fill('200');
    await expect(form.getByLabel("Roll over what's left to next month")).not.toBeChecked();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    await page.getByRole('link', { name: 'Ledger' }).first().click();
    await page.getByRole('link', { name: 'Add Account' }).first().click();
    const account = page.getByRole('dialog', { name: 'New Account' });
    await account.getByLabel('Account Name').fill('Everyday Checking');
    await account.getByRole('radio', { name: 'Checking' }).check();
    await account.getByLabel('Account Balance').fill('3000');
    await account.getByRole('button', { name: 'Save' }).click();
    await expect(account).toBeHidden();
    await recordDiningExpense(page, '57.90', 'Felt good');
  });

  await test.step('turn rollover on in the edit form', async () => {
    await page.goto(currentBudgetsPath());
    await expect(row(page, 'Eating out').getByTestId('budget-carried')).toHaveCount(0);
    await row(page, 'Eating out').getByRole('link', { name: 'Edit Eating out' }).click();
    const dialog = page.getByRole('dialog', { name: /Eating out Budget/ });
    const rollover = dialog.getByLabel("Roll over what's left to next month");
    await expect(dialog.getByText(`From ${thisMonth} ${now.getFullYear()} on.`)).toBeVisible();
    await rollover.check();
    await screens.shot(page, 'edit-rollover-on');
    await expectNoSeriousViolations(page, 'edit budget with rollover and regret cap');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('next month shows what this month left, in the row and the modal', async () => {
    await page.getByRole('button', { name: 'Next month' }).click();
    const carried = row(page, 'Eating out').getByTestId('budget-carried');
    await expect(carried).toHaveText(`· +$142.10 carried from ${thisMonth}`);
    await screens.shot(page, 'next-month-row');
    await row(page, 'Eating out').click();
    const modal = page.getByRole('dialog', { name: /Eating out Budget/ });
    await expect(modal.getByTestId('detail-Carried In')).toHaveText('$142.10');
    await expect(modal.getByTestId('detail-Available')).toHaveText('$342.10');
    await expect(modal.getByTestId('detail-rollover')).toContainText(`+$142.10 carried from ${thisMonth}`);
    await screens.shot(page, 'next-month-modal');
    await expectNoSeriousViolations(page, 'budget detail with a carry');
    await modal.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('set a $100 regret cap; regretted spending past it warns in the row and modal', async () => {
    await page.goto(currentBudgetsPath());
    await row(page, 'Eating out').getByRole('link', { name: 'Edit Eating out' }).click();
    const dialog = page.getByRole('dialog', { name: /Eating out Budget/ });
    await expect(dialog.getByLabel("Roll over what's left to next month")).toBeChecked();
    await dialog.getByLabel('Regret cap (optional)').fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText('Enter a cap above $0.00, e.g. 100.00, or leave it blank for none.'),
    ).toBeVisible();
    await dialog.getByLabel('Regret cap (optional)').fill('100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await row(page, 'Eating out').click();
    let modal = page.getByRole('dialog', { name: /Eating out Budget/ });
    await expect(modal.getByTestId('detail-regret')).toHaveText('Regretted $0.00 of your $100.00 cap');
    await modal.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('link', { name: 'Ledger' }).first().click();
    await recordDiningExpense(page, '112', 'Regretted it');
    await page.goto(currentBudgetsPath());
    await expect(row(page, 'Eating out').getByTestId('budget-regret-warning')).toHaveText(
      'Regretted $112.00 of your $100.00 cap',
    );
    await screens.shot(page, 'regret-cap-warning');
    await expectNoSeriousViolations(page, 'budget row with the regret warning');
    await row(page, 'Eating out').click();
    modal = page.getByRole('dialog', { name: /Eating out Budget/ });
    await expect(modal.getByTestId('detail-regret')).toHaveText('Regretted $112.00 of your $100.00 cap');
    await expect(modal.getByRole('progressbar', { name: 'Eating out regret cap used' })).toBeVisible();
    await screens.shot(page, 'regret-cap-modal');
  });
});
