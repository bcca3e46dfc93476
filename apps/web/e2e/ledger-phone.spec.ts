/**
 * Issue 29 "a ledger made for the phone": at 375 px each transaction is one readable two-line row —
 * payee and amount, then date and category ('Needs Category' when it has none), the feeling beside —
 * with no cell's text cut and every button's whole label, in light and in dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { type ApiUser, addAccountByApi, registerByApi, signInByToken } from './support/api-user';
import { Screens } from './support/screens';
import { PHONE } from './support/widths';

const PASSWORD = 'LedgerPhone2024a';

interface Subcategory {
  id: number;
  name: string;
}

async function expenseSubcategories(page: Page, user: ApiUser): Promise<Subcategory[]> {
  const answer = await page.request.get('/api/transactions/categories/expenses', { headers: user.headers });
  const categories = (await answer.json()) as { subcategories: Subcategory[] }[];
  return categories.flatMap((category) => category.subcategories);
}

/** The elements inside the ledger's rows, and the page's buttons, whose text does not fit them. */
function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const rows = document.querySelectorAll('[data-testid="transaction-row"] [role="cell"], [data-testid="transaction-row"] [role="cell"] *');
    const buttons = document.querySelectorAll('main button, main a[href]');
    for (const element of [...rows, ...buttons]) {
      if (!(element instanceof HTMLElement) || element.offsetParent === null) continue;
      if (element.scrollWidth > element.clientWidth + 1) cut.push(`${element.tagName} "${element.textContent?.trim() ?? ''}"`);
    }
    return cut;
  });
}

test('the ledger at 375 px: two readable lines per transaction, nothing cut, in light and dark', async ({ page }) => {
  const screens = new Screens('ledger-phone');
  await page.setViewportSize(PHONE);
  const user = await registerByApi(page, { prefix: 'ledger-phone', password: PASSWORD });
  const now = new Date();
  const month = now.getMonth() + 1;
  const day = (n: number) => `${now.getFullYear()}-${String(month).padStart(2, '0')}-${String(Math.min(n, now.getDate())).padStart(2, '0')}`;
  const accountId = await addAccountByApi(page, user, { name: 'Everyday Checking', typeId: 2, balance: 3000, date: `${now.getFullYear()}-01-01` });
  const [rent, mortgage] = await expenseSubcategories(page, user);
  if (!rent || !mortgage) throw new Error('two expense sub-categories expected');
  const transactions = [
    { type: 'expense', amount: 84.12, date: day(3), description: 'Whole Foods Market', subcategories: [{ id: rent.id, amount: 84.12 }], emotion_names: ['positive'] },
    {
      type: 'expense',
      amount: 1240.5,
      date: day(9),
      description: 'Costco Wholesale',
      subcategories: [
        { id: rent.id, amount: 1000 },
        { id: mortgage.id, amount: 240.5 },
      ],
      emotion_names: ['mixed'],
    },
    { type: 'expense', amount: 38.2, date: day(12), description: 'Corner Bar', emotion_names: ['negative'] },
    { type: 'income', amount: 2500, date: day(1), description: 'Paycheck' },
  ];
  for (const data of transactions) {
    const created = await page.request.post(`/api/accounts/${accountId}/transactions`, { headers: user.headers, data });
    expect(created.status()).toBe(201);
  }
  await signInByToken(page, user);
  await page.goto(`/ledger/accounts/${accountId}/month/${month}/year/${now.getFullYear()}`);
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(4);

  for (const scheme of ['light', 'dark'] as const) {
    await test.step(`${scheme}: each row reads whole`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      const bar = rows.filter({ hasText: 'Corner Bar' });
      await expect(bar).toContainText('Needs Category');
      await expect(bar).toContainText('-$38.20');
      await expect(rows.filter({ hasText: 'Costco Wholesale' })).toContainText('-$1,240.50');
      const split = rows.filter({ hasText: 'Costco Wholesale' }).getByTestId('split-summary');
      await expect(split).toBeVisible();
      await expect(split).toContainText(`${rent.name} +1 more`);
      await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();
      await screens.shot(page, `ledger-375-${scheme}`);
      expect(await cutTexts(page)).toEqual([]);
      // The payee and the amount share the first line; the date and category are under the payee.
      const payee = await bar.getByTestId('payee').boundingBox();
      const amount = await bar.getByTestId('amount').boundingBox();
      const needs = await bar.getByText('Needs Category').boundingBox();
      expect(payee && amount && needs).toBeTruthy();
      if (payee && amount && needs) {
        expect(Math.abs(payee.y - amount.y)).toBeLessThan(8);
        expect(needs.y).toBeGreaterThan(payee.y + payee.height - 2);
        expect(amount.x + amount.width).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });
  }

  await test.step('the split rows of Edit Transaction fit 375 px, nothing cut', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await rows.filter({ hasText: 'Costco Wholesale' }).getByRole('link', { name: 'Edit transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    const amount = dialog.getByLabel('Split 1 amount');
    await expect(amount).toHaveValue('1000.00');
    const category = dialog.getByRole('combobox', { name: 'Split 1 sub-category' });
    await expect(category).toHaveValue(new RegExp(rent.name));
    // The typed amounts and the chosen sub-categories are whole in their boxes, inside the dialog.
    const second = dialog.getByRole('combobox', { name: 'Split 2 sub-category' });
    await expect(second).toHaveValue(new RegExp(mortgage.name));
    for (const box of [amount, category, dialog.getByLabel('Split 2 amount'), second]) {
      expect(await box.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
      const [inside, frame] = [await box.boundingBox(), await dialog.boundingBox()];
      expect(inside && frame && inside.x + inside.width <= frame.x + frame.width).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screens.shot(page, 'edit-split-375');
  });
});
