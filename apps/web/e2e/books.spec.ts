/**
 * Issue 25, books: a new person creates a shared book "Household" in Settings, switches to it with
 * the navigation's book switcher and finds it empty (their personal account stays in their personal
 * book), adds an account there, switches back and sees only their personal account; the choice
 * outlives a reload; they rename the book and delete it, and are back in their personal book.
 * Screens at 1280 px and 375 px, light and dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, useSystemScheme } from './support/accessibility';
import { Screens } from './support/screens';
import { expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';

const PASSWORD = 'Books2024a';
const PERSONAL_ACCOUNT = 'Personal Checking';
const SHARED_ACCOUNT = 'Joint Checking';

const switcher = (page: Page) => page.getByTestId('book-switcher');

/** Opens the switcher and picks a book by name. */
async function switchTo(page: Page, name: string): Promise<void> {
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: new RegExp(`^${name}`) }).click();
  await expect(switcher(page)).toHaveAccessibleName(`Book: ${name}. Switch book`);
}

async function addAccount(page: Page, name: string, balance: string): Promise<void> {
  await page.getByRole('link', { name: 'Add Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Account' });
  await dialog.getByLabel('Account Name').fill(name);
  await dialog.getByRole('radio', { name: 'Checking' }).check();
  await dialog.getByLabel('Account Balance').fill(balance);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue(name);
}

/** The page is no wider than the window: nothing of the bar or the section spills sideways. */
async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('books: create a shared book, switch to it and back, rename and delete it', async ({ page }) => {
  test.setTimeout(240_000);
  const screens = new Screens('books');
  const email = uniqueEmail('books');
  const books = page.getByTestId('books-section');
  const ledgerAccount = page.getByRole('combobox', { name: 'Account', exact: true });

  await test.step('sign up and add an account to the personal book', async () => {
    await page.goto('/signup');
    await fillAccount(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await expect(switcher(page)).toHaveAccessibleName('Book: Personal. Switch book');
    await page.getByRole('link', { name: 'Ledger' }).first().click();
    await addAccount(page, PERSONAL_ACCOUNT, '1200');
  });

  await test.step('Settings → Books lists the personal book; a shared book needs a name', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    const personal = books.getByRole('region', { name: 'Book Personal' });
    await expect(personal.getByText('Current book')).toBeVisible();
    await expect(personal.getByTestId('book-member')).toHaveText(new RegExp(`${email} \\(you\\).*Owner`));
    // A personal book can be renamed, never deleted.
    await expect(personal.getByRole('button', { name: 'Rename Personal' })).toBeVisible();
    await expect(personal.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    await books.getByRole('button', { name: 'Create book' }).click();
    await expect(books.getByLabel('New shared book')).toHaveAttribute('aria-invalid', 'true');
    await expect(books.getByText('The name field is required.')).toBeVisible();
  });

  await test.step('create "Household": the person owns it', async () => {
    await books.getByLabel('New shared book').fill('Household');
    await books.getByRole('button', { name: 'Create book' }).click();
    const household = books.getByRole('region', { name: 'Book Household' });
    await expect(household.getByText('Shared', { exact: true })).toBeVisible();
    await expect(household.getByText('Your role: Owner')).toBeVisible();
    await expect(books.getByText('“Household” is created.', { exact: false })).toBeVisible();
    // The card appeared under the pointer, which still rests where 'Create book' was: no hover.
    await page.mouse.move(0, 0);
    await expectNoSeriousViolations(page, 'settings books (light)');
    await screens.element(books, 'settings-books-1280-light');
  });

  await test.step('switch to Household from the navigation: the ledger is empty there', async () => {
    await page.getByRole('link', { name: 'Ledger' }).first().click();
    await expect(ledgerAccount).toHaveValue(PERSONAL_ACCOUNT);
    await switcher(page).click();
    const menu = page.getByTestId('book-list');
    await expect(menu.getByRole('menuitemradio', { name: /^Personal/ })).toBeChecked();
    await expect(menu.getByRole('menuitemradio', { name: /^Personal/ })).toBeFocused();
    await expect(menu.getByRole('menuitemradio', { name: /^Household/ })).not.toBeChecked();
    await expect(menu.getByRole('menuitemradio', { name: /^Household/ })).toContainText('Shared book · 1 member');
    await screens.shot(page, 'switcher-1280-light');
    const named = page.waitForRequest((request) => request.url().endsWith('/api/accounts') && request.headers()['mindspend-book'] !== undefined);
    await menu.getByRole('menuitemradio', { name: /^Household/ }).click();
    await expect(switcher(page)).toHaveAccessibleName('Book: Household. Switch book');
    expect((await named).headers()['mindspend-book']).toMatch(/^\d+$/);
    await expect(page.getByTestId('no-accounts')).toBeVisible();
    await expect(page.getByText(PERSONAL_ACCOUNT)).toHaveCount(0);
    await screens.shot(page, 'household-empty-1280-light');
  });

  await test.step('add an account in Household', async () => {
    await addAccount(page, SHARED_ACCOUNT, '500');
    await page.mouse.move(0, 0);
    await expectNoSeriousViolations(page, 'ledger of a shared book (light)');
    await screens.shot(page, 'household-account-1280-light');
    await useSystemScheme(page, 'dark');
    await screens.shot(page, 'household-account-1280-dark');
    await switcher(page).click();
    await expect(page.getByTestId('book-list')).toBeVisible();
    await expectNoSeriousViolations(page, 'book switcher (dark)');
    await screens.shot(page, 'switcher-1280-dark');
    await page.keyboard.press('Escape');
    await useSystemScheme(page, 'light');
  });

  await test.step('switch back: only the personal account shows, the ledger leaving the shared account', async () => {
    // On the shared account's own address last month, which means nothing in the personal book:
    // the ledger moves to the personal account, in the same month.
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page).toHaveURL(/\/ledger\/accounts\/\d+\/month\/\d+\/year\/\d+$/);
    const sharedAddress = new URL(page.url()).pathname;
    const month = sharedAddress.replace(/^\/ledger\/accounts\/\d+/, '');
    await switchTo(page, 'Personal');
    await expect(page).not.toHaveURL(new RegExp(`${sharedAddress}$`));
    await expect(page).toHaveURL(new RegExp(`/ledger/accounts/\\d+${month}$`));
    await expect(ledgerAccount).toHaveValue(PERSONAL_ACCOUNT);
    await ledgerAccount.click();
    await expect(page.getByRole('option', { name: PERSONAL_ACCOUNT })).toBeVisible();
    await expect(page.getByRole('option', { name: SHARED_ACCOUNT })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByText(SHARED_ACCOUNT)).toHaveCount(0);
    await screens.shot(page, 'personal-again-1280-light');
    await useSystemScheme(page, 'dark');
    await expectNoSeriousViolations(page, 'ledger of the personal book (dark)');
    await screens.shot(page, 'personal-again-1280-dark');
    await useSystemScheme(page, 'light');
  });

  await test.step('the choice is remembered on this device: a reload stays in Household', async () => {
    await switchTo(page, 'Household');
    await expect(ledgerAccount).toHaveValue(SHARED_ACCOUNT);
    await page.reload();
    await expect(switcher(page)).toHaveAccessibleName('Book: Household. Switch book');
    await expect(ledgerAccount).toHaveValue(SHARED_ACCOUNT);
    await expect(page.getByText(PERSONAL_ACCOUNT)).toHaveCount(0);
  });

  await test.step('at 375 px: the switcher names the book beside the brand, light and dark', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(switcher(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await expectNoSidewaysScroll(page, 375);
    await screens.shot(page, 'household-ledger-375-light');
    await switcher(page).click();
    await expect(page.getByTestId('book-list')).toBeVisible();
    await screens.shot(page, 'switcher-375-light');
    await page.keyboard.press('Escape');
    await useSystemScheme(page, 'dark');
    await screens.shot(page, 'household-ledger-375-dark');
    // 'Manage books' opens Settings at the Books section, clear of the sticky bar.
    await switcher(page).click();
    await page.getByRole('menuitem', { name: 'Manage books' }).click();
    await expect(page).toHaveURL(/\/settings#books$/);
    await expect(books.getByRole('region', { name: 'Book Household' }).getByText('Current book')).toBeVisible();
    await expect(books.getByRole('heading', { name: 'Books' })).toBeInViewport();
    const titleTop = await books.getByRole('heading', { name: 'Books' }).evaluate((heading) => heading.getBoundingClientRect().top);
    const barBottom = await page.locator('header').evaluate((bar) => bar.getBoundingClientRect().bottom);
    expect(titleTop).toBeGreaterThanOrEqual(barBottom);
    await expectNoSidewaysScroll(page, 375);
    await expectNoSeriousViolations(page, 'settings books 375 (dark)');
    await screens.element(books, 'settings-books-375-dark');
    await useSystemScheme(page, 'light');
    await screens.element(books, 'settings-books-375-light');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  await test.step('rename Household: the name is required, then the switcher shows the new one', async () => {
    await books.getByRole('button', { name: 'Rename Household' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename “Household”' });
    await dialog.getByLabel('Book name').fill('   ');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expect(dialog.getByText('The name field is required.')).toBeVisible();
    await expect(dialog.getByLabel('Book name')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Book name').fill('Family');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expect(dialog).toBeHidden();
    await expect(books.getByRole('region', { name: 'Book Family' })).toBeVisible();
    await expect(switcher(page)).toHaveAccessibleName('Book: Family. Switch book');
  });

  await test.step('delete Family: it asks first, then everything in it is gone and the personal book is back', async () => {
    await books.getByRole('button', { name: 'Delete Family' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Family”?' });
    await expect(dialog).toContainText('Everything in this book is deleted with it');
    await expect(dialog).toContainText('You will be back in your personal book.');
    await screens.element(dialog, 'delete-confirmation-1280-light');
    await useSystemScheme(page, 'dark');
    await screens.element(dialog, 'delete-confirmation-1280-dark');
    await useSystemScheme(page, 'light');
    await dialog.getByRole('button', { name: 'Delete book' }).click();
    await expect(dialog).toBeHidden();
    await expect(books.getByRole('region', { name: 'Book Family' })).toHaveCount(0);
    await expect(switcher(page)).toHaveAccessibleName('Book: Personal. Switch book');
    await expect(books.getByRole('region', { name: 'Book Personal' }).getByText('Current book')).toBeVisible();
    await screens.shot(page, 'settings-after-delete-1280-light');

    await page.getByRole('link', { name: 'Ledger' }).first().click();
    await expect(ledgerAccount).toHaveValue(PERSONAL_ACCOUNT);
    await switcher(page).click();
    await expect(page.getByRole('menuitemradio', { name: /^Family/ })).toHaveCount(0);
    await expect(page.getByRole('menuitemradio', { name: /^Personal/ })).toBeChecked();
    await page.keyboard.press('Escape');
  });
});
