/**
 * Issue 6 "Done when": a new user adds two income sources and sees the month's expected income,
 * records the income in the ledger and sees it marked Received, creates a goal and reads the
 * monthly amount needed, tags expenses with feelings and reads the insights page (each chart
 * photographed), exports CSV and JSON, and restores the JSON into a second, new account whose
 * ledger then shows the same transactions.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Screens } from './support/screens';
import { unzip } from './support/zip';
import { expectOnCurrentBudgets, fillAccount, logOut, uniqueEmail } from './support/app';

const PASSWORD = 'Income2024a';

function today(): { year: number; month: number; day: number } {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

const shortDate = (date: { year: number; month: number; day: number }) =>
  `${date.month}/${date.day}/${date.year}`;

async function pick(
  scope: Page | Locator,
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await fillAccount(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectOnCurrentBudgets(page);
}

async function nav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

interface Expense {
  amount: string;
  category: string;
  sub: RegExp;
  feeling: string;
  purpose: string;
  /** A new payee added from the form. */
  payee?: string;
}

async function recordExpense(page: Page, expense: Expense): Promise<void> {
  await page.getByRole('link', { name: 'Add Transaction' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Transaction' });
  await dialog.getByRole('radio', { name: 'Expense' }).check();
  await dialog.getByLabel('Amount', { exact: true }).fill(expense.amount);
  if (expense.payee) {
    await dialog.getByRole('button', { name: 'Add new' }).click();
    const entity = page.getByRole('dialog', { name: 'New Entity' });
    await entity.getByLabel('Payee/Payor').fill(expense.payee);
    await entity.getByRole('button', { name: 'Add New' }).click();
    dialog = page.getByRole('dialog', { name: 'New Transaction' });
    await expect(dialog.getByRole('combobox', { name: 'Where did you spend the money?' })).toHaveValue(
      expense.payee,
    );
  }
  await pick(dialog, page, 'Category', expense.category);
  await pick(dialog, page, 'Sub-category', expense.sub);
  await pick(dialog, page, 'What was the purpose?', expense.purpose);
  await dialog.getByRole('button', { name: expense.feeling }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test.use({ actionTimeout: 15_000 });

test('income, goals, insights, export and restore, as a new user', async ({ page }) => {
  test.setTimeout(300_000);
  const screens = new Screens('income-goals-insights');
  const now = today();
  const email = uniqueEmail('income');
  const rows = page.getByTestId('transaction-row');
  let csvPath = '';
  let backupPath = '';

  await test.step('sign up and open a checking account', async () => {
    await signUp(page, email);
    await page.goto('/ledger');
    await page.getByRole('link', { name: 'Add Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Account' });
    await dialog.getByLabel('Account Name').fill('Everyday Checking');
    await dialog.getByRole('radio', { name: 'Checking' }).check();
    await dialog.getByLabel('Account Balance').fill('1200');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the Income page starts empty', async () => {
    await nav(page, 'Income');
    await expect(page).toHaveURL(/\/income$/);
    await expect(page.getByRole('tab', { name: 'Income' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No income sources created yet')).toBeVisible();
    await expect(page.getByText('Add your recurring income sources to get started.')).toBeVisible();
    await screens.shot(page, 'income-empty');
  });

  await test.step('add a monthly salary: defaults, rules, a new source', async () => {
    await page.getByRole('link', { name: 'Add Income Source' }).click();
    await expect(page).toHaveURL(/\/income\/add$/);
    const dialog = page.getByRole('dialog', { name: 'Add Recurring Income Source' });
    await expect(dialog.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue(
      'Everyday Checking',
    );
    await expect(dialog.getByRole('combobox', { name: 'Recurrence Pattern' })).toHaveValue('Once Monthly');
    await expect(dialog.getByLabel('Every how many days?')).toHaveCount(0);
    await pick(dialog, page, 'Recurrence Pattern', 'Every X days');
    await expect(dialog.getByLabel('Every how many days?')).toHaveValue('14');
    await pick(dialog, page, 'Recurrence Pattern', 'Once Monthly');
    await expect(dialog.getByLabel('Every how many days?')).toHaveCount(0);
    await expect(dialog.getByLabel('Start Date')).toHaveValue(shortDate(now));
    await dialog.getByRole('button', { name: 'Add Income' }).click();
    await expect(dialog.getByText('Choose who pays this income (the source).')).toBeVisible();
    await expect(dialog.getByText('The amount field is required.')).toBeVisible();
    await screens.shot(page, 'add-income-required');

    await dialog.getByRole('button', { name: 'Add a new source' }).click();
    await dialog.getByLabel('New source name').fill('Acme Corp');
    await dialog.getByRole('button', { name: 'Add source' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Source', exact: true })).toHaveValue('Acme Corp');
    await dialog.getByLabel('Amount').fill('2500');
    await screens.shot(page, 'add-income-filled');
    await dialog.getByRole('button', { name: 'Add Income' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/income$/);
    await expect(page.getByTestId('income-source-row')).toHaveCount(1);
  });

  await test.step('add a freelance retainer paid on the 1st and 15th', async () => {
    await page.getByRole('link', { name: 'Add Income Source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Recurring Income Source' });
    await dialog.getByRole('button', { name: 'Add a new source' }).click();
    await dialog.getByLabel('New source name').fill('Freelance Studio');
    await dialog.getByRole('button', { name: 'Add source' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Source', exact: true })).toHaveValue(
      'Freelance Studio',
    );
    await dialog.getByLabel('Amount').fill('400');
    await dialog.getByLabel('Start Date').fill(shortDate({ ...now, day: 1 }));
    await dialog.getByLabel('Amount').click();
    await pick(dialog, page, 'Recurrence Pattern', '1st and 15th');
    await dialog.getByRole('button', { name: 'Add Income' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("the month's expected income: three payments, none received yet", async () => {
    const sources = page.getByTestId('income-source-row');
    await expect(sources).toHaveCount(2);
    await expect(sources.filter({ hasText: 'Acme Corp' })).toContainText('Once Monthly');
    await expect(sources.filter({ hasText: 'Acme Corp' })).toContainText('$2,500.00');
    await expect(sources.filter({ hasText: 'Freelance Studio' })).toContainText('1st and 15th');
    const expected = page.getByTestId('expected-income');
    await expect(expected.getByTestId('expected-total')).toHaveText('$3,300.00');
    await expect(expected.getByTestId('received-total')).toHaveText('$0.00');
    await expect(expected.getByTestId('expected-payment')).toHaveCount(3);
    await expect(expected.getByTestId('payment-received')).toHaveCount(0);
    await screens.shot(page, 'income-expected');
  });

  await test.step('the budgets page shows the expected income beside Total Budgeted', async () => {
    await nav(page, 'Budgets');
    await expect(page.getByTestId('overview-Expected Income')).toHaveText('$3,300');
    await screens.shot(page, 'budgets-expected-income');
  });

  await test.step('record the salary in the ledger; it shows as received', async () => {
    await nav(page, 'Ledger');
    await page.getByRole('link', { name: 'Add Transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Transaction' });
    await dialog.getByRole('radio', { name: 'Income' }).check();
    await pick(dialog, page, 'Where did the money come from?', 'Acme Corp');
    await dialog.getByLabel('Amount', { exact: true }).fill('2500');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(1);

    await nav(page, 'Income');
    const expected = page.getByTestId('expected-income');
    const salary = expected.getByTestId('expected-payment').filter({ hasText: 'Acme Corp' });
    await expect(salary.getByTestId('payment-received')).toBeVisible();
    await expect(expected.getByTestId('received-total')).toHaveText('$2,500.00');
    await expect(expected.getByTestId('payment-received')).toHaveCount(1);
    await screens.shot(page, 'income-received');
  });

  await test.step('edit the retainer amount', async () => {
    await page.getByRole('link', { name: 'Edit Freelance Studio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Income Source' });
    await expect(dialog.getByLabel('Amount')).toHaveValue('400.00');
    await dialog.getByLabel('Amount').fill('450');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('expected-total')).toHaveText('$3,400.00');
  });

  await test.step('create a goal and read the monthly amount needed', async () => {
    await nav(page, 'Goals');
    await expect(page.getByTestId('goals-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Add Goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Goal' });
    await dialog.getByRole('button', { name: 'Add Goal' }).click();
    await expect(dialog.getByText('The name field is required.')).toBeVisible();
    await dialog.getByLabel('Name').fill('Summer trip');
    await dialog.getByLabel('Target amount').fill('1200');
    // Six months from today: same day of the month (at most the 28th so every month has it).
    const target = new Date(now.year, now.month - 1 + 6, Math.min(now.day, 28));
    await dialog
      .getByLabel('Target date')
      .fill(shortDate({ year: target.getFullYear(), month: target.getMonth() + 1, day: target.getDate() }));
    await dialog.getByLabel('Name').click();
    await dialog.getByLabel('Amount saved').fill('300');
    await expect(dialog.getByTestId('goal-preview')).toContainText('$150.00 a month for 6 months');
    await screens.shot(page, 'goal-form');
    await dialog.getByRole('button', { name: 'Add Goal' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByTestId('goal-card');
    await expect(card.getByTestId('goal-monthly')).toHaveText('$150.00');
    await expect(card.getByTestId('goal-saved')).toHaveText('$300.00');
    await expect(card.getByTestId('goal-progress')).toHaveText('25%');
    await expect(card.getByRole('progressbar')).toBeVisible();
    await screens.shot(page, 'goal-created');
  });

  await test.step('tag expenses with feelings in the ledger', async () => {
    await nav(page, 'Ledger');
    await recordExpense(page, {
      amount: '80',
      category: 'Food',
      sub: /Groceries/,
      feeling: 'Felt good',
      purpose: 'Survival',
    });
    await recordExpense(page, {
      amount: '45',
      category: 'Food',
      sub: /Dining Out/,
      feeling: 'Regretted it',
      purpose: 'Optional',
      payee: 'Corner Bistro',
    });
    await recordExpense(page, {
      amount: '40',
      category: 'Personal',
      sub: /Entertainment/,
      feeling: 'Mixed feelings',
      purpose: 'Culture',
    });
    await recordExpense(page, {
      amount: '35',
      category: 'Personal',
      sub: /Clothing/,
      feeling: 'No strong feelings',
      purpose: 'Optional',
    });
    await expect(rows).toHaveCount(5);
    await screens.shot(page, 'ledger-tagged');
  });

  await test.step('read the insights page', async () => {
    await nav(page, 'Insights');
    await expect(page.getByTestId('insight-figure-Spent')).toHaveText('$200.00');
    await expect(page.getByTestId('insight-figure-Regret rate')).toHaveText('22.5%');
    const feelings = page.getByRole('table', { name: 'Spending by feeling' });
    await expect(feelings.getByRole('row', { name: /Felt good/ })).toContainText('40%');
    await expect(feelings.getByRole('row', { name: /Regretted it/ })).toContainText('$45.00');
    await expect(page.getByTestId('top-regretted-payees')).toContainText('Corner Bistro');
    await expect(
      page.getByRole('table', { name: 'Spending by category' }).getByRole('row', { name: /Food/ }),
    ).toContainText('$125.00');
    await screens.shot(page, 'insights');
    for (const [id, step] of [
      ['insight-feelings', 'chart-feelings'],
      ['insight-purposes', 'chart-purposes'],
      ['insight-regret-category', 'chart-regret-category'],
      ['insight-regret-payee', 'chart-regret-payee'],
      ['insight-trend', 'chart-trend'],
      ['insight-categories', 'chart-categories'],
    ] as const) {
      const section = page.getByTestId(id);
      await expect(section.locator('.recharts-surface').first()).toBeVisible();
      await screens.element(section, step);
    }
  });

  await test.step('export transactions as CSV and the account as JSON', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    const section = page.getByTestId('export-section');
    await expect(section).toBeVisible();
    await screens.element(section, 'export-section');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download transactions (CSV)' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^mindspend-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    csvPath = test.info().outputPath('transactions.csv');
    await csv.saveAs(csvPath);
    const lines = readFileSync(csvPath, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe(
      'Date,Account,Payee,Type,Amount,Category,Sub-category,Feeling,Purpose,Payment method,Notes,Pending,Transfer',
    );
    expect(lines).toHaveLength(6);
    expect(lines.some((line) => line.includes('Corner Bistro') && line.includes('Regretted it'))).toBe(true);

    // The backup is a zip of backup.json and the attached files (DECISIONS.md #113).
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download backup (zip)' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^mindspend-backup-\d{4}-\d{2}-\d{2}\.zip$/);
    backupPath = test.info().outputPath('backup.zip');
    await zip.saveAs(backupPath);
    const backup = JSON.parse((await unzip(backupPath)).get('backup.json')?.toString('utf8') ?? '{}') as {
      transactions: unknown[];
      income_sources: unknown[];
      goals: unknown[];
    };
    expect(backup.transactions).toHaveLength(5);
    expect(backup.income_sources).toHaveLength(2);
    expect(backup.goals).toHaveLength(1);

    // Restoring into this account, which has data, is refused with the server's sentence.
    await section.locator('input[type=file]').setInputFiles(backupPath);
    await expect(section.getByText('Backups can only be restored into an empty account.')).toBeVisible();
    await screens.element(section, 'restore-refused');
  });

  await test.step('restore the backup into a second, new account and see the same ledger', async () => {
    await logOut(page, email);
    await signUp(page, uniqueEmail('restored'));
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    const section = page.getByTestId('export-section');
    await section.locator('input[type=file]').setInputFiles(backupPath);
    await expect(section.getByTestId('restore-done')).toContainText('Backup restored.');
    await expect(section.getByTestId('restore-done')).toContainText('5 transactions');
    await screens.shot(page, 'restored');

    await nav(page, 'Ledger');
    await expect(rows).toHaveCount(5);
    await expect(page.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue(
      'Everyday Checking',
    );
    await expect(rows.filter({ hasText: 'Corner Bistro' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Acme' }).getByTestId('amount')).toHaveText('$2,500.00');
    await screens.shot(page, 'restored-ledger');

    await nav(page, 'Income');
    await expect(page.getByTestId('income-source-row')).toHaveCount(2);
    await expect(page.getByTestId('expected-total')).toHaveText('$3,400.00');
    await nav(page, 'Goals');
    await expect(page.getByTestId('goal-monthly')).toHaveText('$150.00');
  });
});
