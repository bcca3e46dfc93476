/**
 * Issue 25, shared books: each person keeps their own feelings. A signs up, makes the shared book
 * "Household" and invites B's address as editor; B signs up through the mailed link and joins. In
 * Household A records two purchases, regretting the concert tickets and feeling good about the
 * groceries; B, who sees nothing of A's feelings while A keeps them private, finds no feeling of
 * their own on either. Both turn on "Share my feelings with this book's members"; B regrets both
 * purchases and reads A's feelings under "How others felt". A's Insights, "Together": all of them
 * regretted $80.00 in 1 purchase, only some of them $45.00 in 1, by payee too. Screens of the
 * details, the switches and the Together section at 1280 px and 375 px, light and dark.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations, useSystemScheme } from './support/accessibility';
import { expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';
import { newestMailTo } from './support/outbox';
import { SLOW, expectNoSidewaysScroll, invitationPathIn, openSettings, switcher } from './support/household';
import { Screens } from './support/screens';

const PASSWORD = 'Together2024a';
const SHARED_ACCOUNT = 'Joint Checking';
const SHARE_LABEL = "Share my feelings with this book's members";

interface Expense {
  payee: string;
  amount: string;
  notes: string;
  category: string;
  sub: RegExp;
  purpose: string;
  feeling: string;
}

const CONCERT: Expense = {
  payee: 'Riverside Arena',
  amount: '80',
  notes: 'Concert tickets',
  category: 'Personal',
  sub: /Entertainment/,
  purpose: 'Culture',
  feeling: 'Regretted it',
};

const GROCERIES: Expense = {
  payee: 'Corner Market',
  amount: '45',
  notes: 'Groceries',
  category: 'Food',
  sub: /Groceries/,
  purpose: 'Survival',
  feeling: 'Felt good',
};

const rowOf = (page: Page, expense: Expense) => page.getByTestId('transaction-row').filter({ hasText: expense.payee });



async function nav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/** Opens a Mantine select by its label and picks the option whose text matches. */
async function pick(scope: Page | Locator, page: Page, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A new expense at a new payee, with its category, purpose and feeling, from the ledger's form. */
async function recordExpense(page: Page, expense: Expense): Promise<void> {
  await page.getByRole('link', { name: 'Add Transaction' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Transaction' });
  await dialog.getByRole('radio', { name: 'Expense' }).check();
  await dialog.getByLabel('Amount', { exact: true }).fill(expense.amount);
  await dialog.getByRole('button', { name: 'Add new' }).click();
  const entity = page.getByRole('dialog', { name: 'New Entity' });
  await entity.getByLabel('Payee/Payor').fill(expense.payee);
  await entity.getByRole('button', { name: 'Add New' }).click();
  dialog = page.getByRole('dialog', { name: 'New Transaction' });
  await expect(dialog.getByRole('combobox', { name: 'Where did you spend the money?' })).toHaveValue(expense.payee);
  await pick(dialog, page, 'Category', expense.category);
  await pick(dialog, page, 'Sub-category', expense.sub);
  await pick(dialog, page, 'What was the purpose?', expense.purpose);
  await dialog.getByRole('button', { name: expense.feeling }).click();
  await expect(dialog.getByRole('button', { name: expense.feeling })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByLabel('Notes').fill(expense.notes);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, expense).getByRole('img', { name: expense.feeling })).toBeVisible();
}

/** The member's own feeling on a purchase already in the book: the edit form starts without one. */
async function recordOwnFeeling(page: Page, expense: Expense, feeling: string): Promise<void> {
  await rowOf(page, expense).getByRole('link', { name: 'Edit transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
  await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue(Number(expense.amount).toFixed(2), SLOW);
  // Another member's feeling is theirs: it is never offered as this member's own.
  for (const name of ['Felt good', 'No strong feelings', 'Regretted it', 'Mixed feelings']) {
    await expect(dialog.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
  }
  await dialog.getByRole('button', { name: feeling }).click();
  await expect(dialog.getByRole('button', { name: feeling })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, expense).getByRole('img', { name: feeling })).toBeVisible();
}

async function openDetails(page: Page, expense: Expense): Promise<Locator> {
  await rowOf(page, expense).getByTestId('amount').click();
  const dialog = page.getByRole('dialog', { name: 'Transaction Details' });
  await expect(dialog.getByTestId('details-entity')).toContainText(expense.payee, SLOW);
  return dialog;
}

async function closeDetails(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Transaction Details' });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}


test.use({ actionTimeout: 15_000 });

test('shared book: two members record their own feelings on one purchase, share them and read them together', async ({ page, browser }) => {
  test.setTimeout(480_000);
  const screens = new Screens('household-feelings');
  const emailA = uniqueEmail('together-a');
  const emailB = uniqueEmail('together-b');
  const books = page.getByTestId('books-section');
  const household = books.getByRole('region', { name: 'Book Household' });
  let link = '';

  await test.step('A signs up, makes "Household" and invites B as editor', async () => {
    await page.goto('/signup');
    await fillAccount(page, emailA, PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await openSettings(page);
    await books.getByLabel('New shared book').fill('Household');
    await books.getByRole('button', { name: 'Create book' }).click();
    await expect(household.getByText('Your role: Owner')).toBeVisible();
    // Feelings are private until their owner decides otherwise.
    await expect(household.getByRole('switch', { name: SHARE_LABEL })).not.toBeChecked();
    const form = household.getByTestId('invite-form');
    await form.getByLabel('Invite by e-mail').fill(emailB);
    await form.getByLabel('As').selectOption('editor');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByText(`Invitation sent to ${emailB}, valid for 7 days.`)).toBeVisible();
    link = invitationPathIn(newestMailTo(emailB));
  });

  const contextB = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const pageB = await contextB.newPage();

  await test.step('B opens the link, creates an account, joins and lands in Household', async () => {
    await pageB.goto(link);
    await expect(pageB.getByRole('heading', { name: 'Join “Household”' })).toBeVisible(SLOW);
    await pageB.getByRole('link', { name: 'Create an account' }).click();
    await fillAccount(pageB, emailB, PASSWORD);
    await pageB.getByRole('button', { name: 'Create Account' }).click();
    await expect(pageB).toHaveURL(new RegExp(`${link}$`), SLOW);
    await pageB.getByRole('button', { name: 'Join Household' }).click();
    await expect(pageB).toHaveURL(/\/ledger/, SLOW);
    await expect(switcher(pageB)).toHaveAccessibleName('Book: Household. Switch book');
  });

  await test.step('A, in Household, adds an account and two purchases with their own feelings', async () => {
    await nav(page, 'Ledger');
    await switcher(page).click();
    await page.getByRole('menuitemradio', { name: /^Household/ }).click();
    await expect(switcher(page)).toHaveAccessibleName('Book: Household. Switch book');
    await page.getByRole('link', { name: 'Add Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Account' });
    await dialog.getByLabel('Account Name').fill(SHARED_ACCOUNT);
    await dialog.getByRole('radio', { name: 'Checking' }).check();
    await dialog.getByLabel('Account Balance').fill('2000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue(SHARED_ACCOUNT);
    await recordExpense(page, CONCERT);
    await recordExpense(page, GROCERIES);
    await expect(page.getByTestId('transaction-row')).toHaveCount(2);
    await screens.shot(page, 'ledger-a-own-feelings-1280-light');
  });

  await test.step("B sees both purchases with no feeling of their own, and nothing of A's kept-private feelings", async () => {
    await pageB.reload();
    await expect(pageB.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue(SHARED_ACCOUNT, SLOW);
    await expect(pageB.getByTestId('transaction-row')).toHaveCount(2, SLOW);
    for (const expense of [CONCERT, GROCERIES]) {
      await expect(rowOf(pageB, expense)).toBeVisible();
      await expect(rowOf(pageB, expense).getByRole('img', { name: expense.feeling })).toHaveCount(0);
    }
    const details = await openDetails(pageB, CONCERT);
    await expect(details.getByText('Regretted it')).toHaveCount(0);
    await expect(details.getByTestId('details-others-feelings')).toHaveCount(0);
    await screens.shot(pageB, 'details-b-before-sharing-1280-light');
    await closeDetails(pageB);
  });

  await test.step('A and B each turn on "Share my feelings" for Household', async () => {
    const toggleA = household.getByRole('switch', { name: SHARE_LABEL });
    await openSettings(page);
    await toggleA.click();
    await expect(toggleA).toBeChecked();
    await expect(toggleA).toBeEnabled();
    await expect(household.getByTestId('book-member').filter({ hasText: `${emailA} (you)` }).getByTestId('shares-feelings')).toBeVisible();

    const booksB = await openSettings(pageB);
    const householdB = booksB.getByRole('region', { name: 'Book Household' });
    const toggleB = householdB.getByRole('switch', { name: SHARE_LABEL });
    await expect(householdB.getByText('Your role: Editor')).toBeVisible();
    await expect(toggleB).not.toBeChecked();
    await toggleB.click();
    await expect(toggleB).toBeChecked();
    await expect(toggleB).toBeEnabled();

    // Both choices hold after a reload, and each member's row says so.
    await page.reload();
    await expect(books).toBeVisible(SLOW);
    await expect(toggleA).toBeChecked();
    for (const email of [emailA, emailB]) {
      await expect(household.getByTestId('book-member').filter({ hasText: email }).getByTestId('shares-feelings')).toHaveText('Shares feelings');
    }
    await page.mouse.move(0, 0);
    await screens.element(household, 'household-both-share-1280-light');
  });

  await test.step("B regrets both purchases and reads A's feelings under \"How others felt\"", async () => {
    await pageB.goto('/ledger');
    await expect(switcher(pageB)).toHaveAccessibleName('Book: Household. Switch book', SLOW);
    await expect(pageB.getByTestId('transaction-row')).toHaveCount(2, SLOW);
    await recordOwnFeeling(pageB, CONCERT, 'Regretted it');
    await recordOwnFeeling(pageB, GROCERIES, 'Regretted it');
    await screens.shot(pageB, 'ledger-b-own-feelings-1280-light');

    const concert = await openDetails(pageB, CONCERT);
    const others = concert.getByTestId('details-others-feelings');
    await expect(others).toBeVisible(SLOW);
    await expect(others.getByRole('heading', { name: 'How others felt' })).toBeVisible();
    await expect(others.getByRole('listitem')).toHaveCount(1);
    await expect(others.getByRole('listitem')).toContainText('Regretted it');
    // A gave no name: A is called by the e-mail Settings → Books lists.
    await expect(others.getByRole('listitem')).toContainText(emailA);
    await screens.shot(pageB, 'details-b-concert-others-felt-1280-light');
    await closeDetails(pageB);

    const groceries = await openDetails(pageB, GROCERIES);
    await expect(groceries.getByTestId('details-others-feelings').getByRole('listitem')).toContainText('Felt good', SLOW);
    // B's own feeling stays B's: the details name it as the feeling, A's only among the others.
    await expect(groceries.getByText('Regretted it')).toBeVisible();
    await screens.shot(pageB, 'details-b-groceries-others-felt-1280-light');
    await closeDetails(pageB);
  });

  await test.step("A's own ledger keeps A's feelings", async () => {
    await page.goto('/ledger');
    await expect(switcher(page)).toHaveAccessibleName('Book: Household. Switch book', SLOW);
    await expect(rowOf(page, CONCERT).getByRole('img', { name: 'Regretted it' })).toBeVisible(SLOW);
    await expect(rowOf(page, GROCERIES).getByRole('img', { name: 'Felt good' })).toBeVisible();
    await expect(rowOf(page, GROCERIES).getByRole('img', { name: 'Regretted it' })).toHaveCount(0);
  });

  const together = page.getByTestId('insight-together');

  await test.step('A opens Insights, "Together": all regretted $80.00, only some $45.00, by payee', async () => {
    await nav(page, 'Insights');
    const whose = page.getByRole('radiogroup', { name: 'Whose feelings' });
    await expect(whose).toBeVisible(SLOW);
    await expect(whose.getByRole('radio', { name: 'Me' })).toBeChecked();
    await expect(together).toHaveCount(0);
    await whose.getByText('Together', { exact: true }).click();
    await expect(whose.getByRole('radio', { name: 'Together' })).toBeChecked();
    await expect(together).toBeVisible(SLOW);
    await expect(together.getByRole('heading', { name: 'Together' })).toBeVisible();
    await expect(together).toContainText(`Feelings of you and ${emailB}. 2 purchases felt by at least two of you.`);
    const totals = together.getByTestId('together-totals');
    await expect(totals).toContainText('All of you regretted: $80.00 in 1 purchase');
    await expect(totals).toContainText('Only some of you regretted: $45.00 in 1 purchase');
    const byPayee = together.getByRole('table', { name: 'Together by payee' });
    await expect(byPayee.getByRole('row', { name: new RegExp(CONCERT.payee) }).getByRole('cell')).toHaveText([CONCERT.payee, '$80.00', '$0.00']);
    await expect(byPayee.getByRole('row', { name: new RegExp(GROCERIES.payee) }).getByRole('cell')).toHaveText([GROCERIES.payee, '$0.00', '$45.00']);
    const byCategory = together.getByRole('table', { name: 'Together by category' });
    await expect(byCategory.getByRole('row', { name: /Personal/ }).getByRole('cell').nth(1)).toHaveText('$80.00');
    await expect(byCategory.getByRole('row', { name: /Food/ }).getByRole('cell').nth(2)).toHaveText('$45.00');
    await page.mouse.move(0, 0);
    await screens.shot(page, 'insights-together-1280-light');
    await screens.element(together, 'together-section-1280-light');
  });

  await test.step('the Together view: accessible and whole at 1280 px and 375 px, light and dark', async () => {
    await expectNoSeriousViolations(page, 'insights, Together (light)');
    await useSystemScheme(page, 'dark');
    await expectNoSeriousViolations(page, 'insights, Together (dark)');
    await screens.element(together, 'together-section-1280-dark');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(together.getByTestId('together-totals')).toContainText('All of you regretted: $80.00 in 1 purchase');
    await expectNoSidewaysScroll(page, 375);
    await screens.element(together, 'together-section-375-dark');
    await useSystemScheme(page, 'light');
    await expectNoSidewaysScroll(page, 375);
    await screens.element(together, 'together-section-375-light');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  await contextB.close();
});
