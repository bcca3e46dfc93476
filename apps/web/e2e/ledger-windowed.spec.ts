/**
 * Issue 29 "a ledger that draws only what shows" (DECISIONS.md #109): a month of 1,200 rows draws
 * a window of them; a screen reader hears where each row is in the whole month; the keys move
 * through every row, past the window, and a focused row scrolled away keeps the focus; printing
 * draws every row; rows of different heights (splits) never overlap.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { type ApiUser, addAccountByApi, registerByApi, signInByToken } from './support/api-user';
import { Screens } from './support/screens';
import { PHONE, WIDE } from './support/widths';

const PASSWORD = 'Windowed2024a';
const TOTAL = 1200;
/** Comfortably more than a window draws (a screenful, the overscan, the focused row). */
const WINDOW_AT_MOST = 60;

async function firstSubcategories(page: Page, user: ApiUser): Promise<number[]> {
  const answer = await page.request.get('/api/transactions/categories/expenses', { headers: user.headers });
  const categories = (await answer.json()) as { subcategories: { id: number }[] }[];
  return categories.flatMap((category) => category.subcategories.map((sub) => sub.id)).slice(0, 3);
}

/** 1,200 expenses this month through the API; every 25th split three ways (a taller row on a wide screen). */
async function seedMonth(page: Page, user: ApiUser, accountId: number, now: Date): Promise<void> {
  const [a, b, c] = await firstSubcategories(page, user);
  if (a === undefined || b === undefined || c === undefined) throw new Error('three expense sub-categories expected');
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  for (let start = 0; start < TOTAL; start += 100) {
    await Promise.all(
      Array.from({ length: 100 }, async (_, offset) => {
        const index = start + offset;
        const amount = 3 + (index % 90);
        const split = index % 25 === 0;
        const response = await page.request.post(`/api/accounts/${accountId}/transactions`, {
          headers: user.headers,
          data: {
            type: 'expense',
            amount,
            date: `${month}-${String((index % 28) + 1).padStart(2, '0')}`,
            description: `Windowed purchase ${index + 1}`,
            emotion_names: index % 3 === 0 ? ['positive'] : [],
            subcategories: split
              ? [
                  { id: a, amount: amount - 2 },
                  { id: b, amount: 1 },
                  { id: c, amount: 1 },
                ]
              : [{ id: a, amount }],
          },
        });
        expect(response.status()).toBe(201);
      }),
    );
  }
}

/** The focused element's `aria-rowindex`, and whether it lies inside the scroller's visible part. */
function focusedRow(page: Page): Promise<{ rowIndex: string | null; inView: boolean }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    const scroller = document.querySelector('[data-testid="ledger-scroller"]');
    if (!(active instanceof HTMLElement) || !scroller) return { rowIndex: null, inView: false };
    const row = active.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    return { rowIndex: active.getAttribute('aria-rowindex'), inView: row.top >= view.top - 1 && row.bottom <= view.bottom + 1 };
  });
}

/** Each drawn row's `aria-rowindex` is its place in the month after the header, and no two overlap. */
async function expectRowsInPlace(rows: Locator): Promise<void> {
  const drawn = await rows.evaluateAll((elements) =>
    elements.map((element) => ({
      index: Number(element.getAttribute('data-index')),
      rowIndex: Number(element.getAttribute('aria-rowindex')),
      top: element.getBoundingClientRect().top,
      bottom: element.getBoundingClientRect().bottom,
    })),
  );
  expect(drawn.length).toBeGreaterThan(5);
  expect(drawn.length).toBeLessThan(WINDOW_AT_MOST);
  const sorted = [...drawn].sort((x, y) => x.index - y.index);
  for (const [position, row] of sorted.entries()) {
    expect(row.rowIndex).toBe(row.index + 2);
    const next = sorted[position + 1];
    if (next && next.index === row.index + 1) expect(next.top).toBeGreaterThanOrEqual(row.bottom - 1);
  }
}

test('a 1,200-row month: a window of rows, where each is for a screen reader, keys past the window, print draws all', async ({ page }) => {
  test.setTimeout(300_000);
  const screens = new Screens('ledger-windowed');
  const user = await registerByApi(page, { prefix: 'ledger-windowed', password: PASSWORD });
  const now = new Date();
  const accountId = await addAccountByApi(page, user, { name: 'Busy Checking', typeId: 2, balance: 90000, date: `${now.getFullYear()}-01-01` });
  await seedMonth(page, user, accountId, now);
  await signInByToken(page, user);
  await page.setViewportSize(WIDE);
  await page.goto(`/ledger/accounts/${accountId}/month/${now.getMonth() + 1}/year/${now.getFullYear()}`);
  await expect(page.getByTestId('transactions-heading')).toHaveText(`Transactions (${TOTAL})`, { timeout: 30_000 });

  const table = page.getByRole('table', { name: 'Transactions' });
  const rows = page.getByTestId('transaction-row');
  const scroller = page.getByTestId('ledger-scroller');

  await test.step('a window of rows, each with its place in the whole month', async () => {
    await expect(table).toHaveAttribute('aria-rowcount', String(TOTAL + 1));
    await expect(table.getByRole('row').first()).toHaveAttribute('aria-rowindex', '1');
    await expect(rows.first()).toHaveAttribute('aria-rowindex', '2');
    await expectRowsInPlace(rows);
    await screens.shot(page, 'windowed-1280');
  });

  await test.step('the keys move through rows past the window; a focused row scrolled away keeps the focus', async () => {
    await rows.first().focus();
    for (let step = 0; step < 40; step += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedRow(page)).toEqual({ rowIndex: '42', inView: true });
    expect(await rows.count()).toBeLessThan(WINDOW_AT_MOST);
    await page.keyboard.press('PageDown');
    await expect.poll(() => focusedRow(page)).toEqual({ rowIndex: '52', inView: true });
    await page.keyboard.press('End');
    await expect.poll(() => focusedRow(page)).toEqual({ rowIndex: String(TOTAL + 1), inView: true });
    await expect(rows.last()).toContainText('Windowed purchase');
    await expectRowsInPlace(rows);
    await page.keyboard.press('Home');
    await expect.poll(() => focusedRow(page)).toEqual({ rowIndex: '2', inView: true });

    // Scrolled far away with the wheel or the scroll bar, the focused row stays in the DOM, focused.
    await scroller.evaluate((element) => {
      element.scrollTop = element.scrollHeight / 2;
    });
    await expect(page.locator('[data-testid="transaction-row"][aria-rowindex="2"]')).toHaveCount(1);
    await expect.poll(async () => (await focusedRow(page)).rowIndex).toBe('2');
    // The next key brings it back into view with its neighbour focused.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedRow(page)).toEqual({ rowIndex: '3', inView: true });

    // Enter still opens the focused row.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/ledger\/view-transaction\/\d+$/);
    const dialog = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(dialog.getByTestId('details-amount')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/view-transaction/);
  });

  await test.step('printing draws every row, and the screen its window again after', async () => {
    await page.emulateMedia({ media: 'print' });
    await expect(rows).toHaveCount(TOTAL);
    await expect(rows.last()).toHaveAttribute('aria-rowindex', String(TOTAL + 1));
    await page.screenshot({ path: `${screens.dir}/print-first-page.png` });
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(() => rows.count()).toBeLessThan(WINDOW_AT_MOST);
  });

  for (const scheme of ['light', 'dark'] as const) {
    await test.step(`375 px, ${scheme}: two lines a row, measured, none overlapping`, async () => {
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await scroller.evaluate((element) => {
        element.scrollTop = 600 * 56;
      });
      // The last drawn row (the first may be the row that last had the focus, kept drawn).
      await expect.poll(() => rows.last().getAttribute('aria-rowindex').then(Number)).toBeGreaterThan(500);
      await expectRowsInPlace(rows);
      await screens.shot(page, `windowed-375-${scheme}`);
    });
  }
});
