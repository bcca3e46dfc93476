/**
 * Issue 25, a household kept together: A signs up, makes the shared book "Household" in Settings
 * and invites B's address as editor; B opens the mailed link, signs up through the invitation page,
 * joins, lands in Household and adds an account there; A sees B among the members and B's account
 * in Household (and not B's private one), and makes B a viewer. Screens of the invitation page, of
 * the private-account form and of the members at 1280 px and 375 px, light and dark.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, useSystemScheme } from './support/accessibility';
import { expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';
import { newestMailTo } from './support/outbox';
import { expectNoSidewaysScroll, invitationPathIn, openSettings, switcher } from './support/household';
import { Screens } from './support/screens';

const PASSWORD = 'Household2024a';
const SHARED_ACCOUNT = 'Joint Checking';
const PRIVATE_ACCOUNT = 'Pocket Money';





test('household: an owner invites an editor, who joins by the link; the owner makes them a viewer', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const screens = new Screens('household');
  const emailA = uniqueEmail('household-a');
  const emailB = uniqueEmail('household-b');
  const books = page.getByTestId('books-section');
  const household = books.getByRole('region', { name: 'Book Household' });
  const memberB = household.getByTestId('book-member').filter({ hasText: emailB });
  let link = '';

  await test.step('A signs up and makes "Household"; a personal book has no invite form', async () => {
    await page.goto('/signup');
    await fillAccount(page, emailA, PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await openSettings(page);
    await expect(books.getByRole('region', { name: 'Book Personal' }).getByTestId('invite-form')).toHaveCount(0);
    await books.getByLabel('New shared book').fill('Household');
    await books.getByRole('button', { name: 'Create book' }).click();
    await expect(household.getByText('Your role: Owner')).toBeVisible();
    await expect(household.getByTestId('invite-form')).toBeVisible();
  });

  await test.step('A invites B as editor: a bad address is refused at the field, then the invitation is sent', async () => {
    const form = household.getByTestId('invite-form');
    await form.getByLabel('Invite by e-mail').fill('not-an-address');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByText('The email must be a valid email address.')).toBeVisible();
    await expect(form.getByLabel('Invite by e-mail')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Invite by e-mail').fill(emailB);
    await form.getByLabel('As').selectOption('editor');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByText(`Invitation sent to ${emailB}, valid for 7 days.`)).toBeVisible();
    await expect(form.getByLabel('Invite by e-mail')).toHaveValue('');
    link = invitationPathIn(newestMailTo(emailB));
  });

  const contextB = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const pageB = await contextB.newPage();

  await test.step('B opens the link signed out: who invites to which book, as what', async () => {
    await pageB.goto(link);
    await expect(pageB.getByRole('heading', { name: 'Join “Household”' })).toBeVisible();
    await expect(pageB.getByText(`${emailA} invited ${emailB}`)).toBeVisible();
    await expect(pageB.getByText(/join as an editor/)).toBeVisible();
    await expect(pageB.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await expect(pageB.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousViolations(pageB, 'invitation page, signed out (light)');
    await screens.shot(pageB, 'accept-page-1280-light');
    await useSystemScheme(pageB, 'dark');
    await expectNoSeriousViolations(pageB, 'invitation page, signed out (dark)');
    await screens.shot(pageB, 'accept-page-1280-dark');
    await pageB.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(pageB, 375);
    await screens.shot(pageB, 'accept-page-375-dark');
    await useSystemScheme(pageB, 'light');
    await screens.shot(pageB, 'accept-page-375-light');
    await pageB.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('B creates an account from the page, comes back to it, joins and lands in Household', async () => {
    await pageB.getByRole('link', { name: 'Create an account' }).click();
    await fillAccount(pageB, emailB, PASSWORD);
    await pageB.getByRole('button', { name: 'Create Account' }).click();
    await expect(pageB).toHaveURL(new RegExp(`${link}$`));
    const join = pageB.getByRole('button', { name: 'Join Household' });
    await expect(join).toBeVisible();
    await screens.shot(pageB, 'accept-page-signed-in-1280-light');
    await useSystemScheme(pageB, 'dark');
    await screens.shot(pageB, 'accept-page-signed-in-1280-dark');
    await pageB.setViewportSize({ width: 375, height: 812 });
    await screens.shot(pageB, 'accept-page-signed-in-375-dark');
    await useSystemScheme(pageB, 'light');
    await screens.shot(pageB, 'accept-page-signed-in-375-light');
    await pageB.setViewportSize({ width: 1280, height: 800 });
    await join.click();
    await expect(pageB).toHaveURL(/\/ledger/);
    await expect(switcher(pageB)).toHaveAccessibleName('Book: Household. Switch book');
  });

  await test.step('B adds an account in Household', async () => {
    await pageB.getByRole('link', { name: 'Add Account' }).first().click();
    const dialog = pageB.getByRole('dialog', { name: 'New Account' });
    await dialog.getByLabel('Account Name').fill(SHARED_ACCOUNT);
    await dialog.getByRole('radio', { name: 'Checking' }).check();
    await dialog.getByLabel('Account Balance').fill('800');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(pageB.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue(SHARED_ACCOUNT);
  });

  await test.step('B adds an account private to them: the form says what that hides, the menu marks it', async () => {
    await pageB.getByRole('link', { name: 'Add Account' }).first().click();
    const dialog = pageB.getByRole('dialog', { name: 'New Account' });
    await dialog.getByLabel('Account Name').fill(PRIVATE_ACCOUNT);
    await dialog.getByRole('radio', { name: 'Savings' }).check();
    await dialog.getByLabel('Account Balance').fill('120');
    const privateBox = dialog.getByRole('checkbox', { name: 'Private to me' });
    await privateBox.check();
    await expect(dialog.getByText('Other members of this book will not see this account')).toBeVisible();
    await expectNoSeriousViolations(pageB, 'new private account (light)');
    await screens.element(dialog, 'private-account-form-1280-light');
    await useSystemScheme(pageB, 'dark');
    await screens.element(dialog, 'private-account-form-1280-dark');
    await pageB.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(pageB, 375);
    await screens.shot(pageB, 'private-account-form-375-dark');
    await useSystemScheme(pageB, 'light');
    await screens.shot(pageB, 'private-account-form-375-light');
    await pageB.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(pageB.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue(`${PRIVATE_ACCOUNT} (private)`);
  });

  await test.step('the used link says it no longer works', async () => {
    await pageB.goto(link);
    await expect(pageB.getByText('This invitation is not valid: it may have been used already or expired.')).toBeVisible();
  });

  await test.step("A sees B among Household's members, as editor, and B's account in Household", async () => {
    await page.reload();
    // Settings is loaded afresh after the reload; a busy machine takes its time.
    await expect(books).toBeVisible({ timeout: 30_000 });
    await expect(memberB).toBeVisible();
    await expect(memberB.getByRole('combobox', { name: `Role of ${emailB}` })).toHaveValue('editor');
    await expect(household.getByTestId('book-member').filter({ hasText: emailA })).toContainText('Owner');
    await page.getByRole('link', { name: 'Ledger' }).first().click();
    await switcher(page).click();
    await page.getByRole('menuitemradio', { name: /^Household/ }).click();
    await expect(switcher(page)).toHaveAccessibleName('Book: Household. Switch book');
    const accountMenu = page.getByRole('combobox', { name: 'Account', exact: true });
    await expect(accountMenu).toHaveValue(SHARED_ACCOUNT);
    // B's private account is not among A's accounts.
    await accountMenu.click();
    await expect(page.getByRole('option', { name: SHARED_ACCOUNT })).toBeVisible();
    await expect(page.getByRole('option', { name: new RegExp(PRIVATE_ACCOUNT) })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step('A makes B a viewer; it holds after a reload', async () => {
    await openSettings(page);
    const role = memberB.getByRole('combobox', { name: `Role of ${emailB}` });
    await role.selectOption('viewer');
    await expect(role).toHaveValue('viewer');
    await expect(role).toBeEnabled();
    await page.reload();
    await expect(books).toBeVisible({ timeout: 30_000 });
    await expect(memberB.getByRole('combobox', { name: `Role of ${emailB}` })).toHaveValue('viewer');
  });

  await test.step('the members and their controls, 1280 px and 375 px, light and dark; hand-over and remove ask first', async () => {
    await page.mouse.move(0, 0);
    await expectNoSeriousViolations(page, 'household members (light)');
    await screens.element(household, 'members-1280-light');
    await useSystemScheme(page, 'dark');
    await expectNoSeriousViolations(page, 'household members (dark)');
    await screens.element(household, 'members-1280-dark');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page, 375);
    await screens.element(household, 'members-375-dark');
    await useSystemScheme(page, 'light');
    await screens.element(household, 'members-375-light');
    await page.setViewportSize({ width: 1280, height: 860 });

    await memberB.getByRole('button', { name: `Make ${emailB} the owner` }).click();
    const handOver = page.getByRole('dialog', { name: `Hand “Household” over to ${emailB}?` });
    await expect(handOver).toContainText(`${emailB} becomes the owner of this book, and you an editor`);
    await screens.element(handOver, 'hand-over-confirmation-1280-light');
    await handOver.getByRole('button', { name: 'Cancel' }).click();
    await expect(handOver).toBeHidden();
    await memberB.getByRole('button', { name: `Remove ${emailB}` }).click();
    const remove = page.getByRole('dialog', { name: `Remove ${emailB} from “Household”?` });
    await expect(remove).toBeVisible();
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toBeHidden();
    await expect(memberB).toBeVisible();
  });

  await test.step('B, now a viewer, sees the role and may leave, never invite', async () => {
    const booksB = await openSettings(pageB);
    const householdB = booksB.getByRole('region', { name: 'Book Household' });
    await expect(householdB.getByText('Your role: Viewer')).toBeVisible();
    await expect(householdB.getByTestId('invite-form')).toHaveCount(0);
    await expect(householdB.getByRole('combobox')).toHaveCount(0);
    await expect(householdB.getByRole('button', { name: 'Leave Household' })).toBeVisible();
    await screens.element(householdB, 'members-as-viewer-1280-light');
  });

  await contextB.close();
});
