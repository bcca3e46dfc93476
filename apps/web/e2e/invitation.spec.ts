/**
 * Issue 25, invitations: the owner of a shared book "Household" invites a new person by e-mail; the
 * invited person opens the mailed link signed out, sees who invited them to which book and as what,
 * creates an account from there, is brought back to the invitation, joins, and lands in Household.
 * A used link then says it no longer works. Screens at 1280 px and 375 px, light and dark.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, useSystemScheme } from './support/accessibility';
import { fillAccount, uniqueEmail } from './support/app';
import { newestMailTo } from './support/outbox';
import { Screens } from './support/screens';

const PASSWORD = 'Invite2024a';

/** The invitation link's path inside the mailed text. */
function invitationPathIn(body: string): string {
  const match = /\/invitations\/[A-Za-z0-9_-]+/.exec(body);
  if (!match) throw new Error(`no invitation link in e-mail:\n${body}`);
  return match[0];
}

test('invitation: an invited person signs up from the link and joins the shared book', async ({ page, request }) => {
  test.setTimeout(180_000);
  const screens = new Screens('invitation');
  const ownerEmail = uniqueEmail('owner');
  const invitedEmail = uniqueEmail('invited');
  let link = '';

  await test.step('the owner makes a shared book and invites an address as editor', async () => {
    const registered = await request.post('/api/register', {
      data: { plan: 'free', email: ownerEmail, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Robin', timezone: 0 },
    });
    expect(registered.status()).toBe(201);
    const headers = { authorization: `Bearer ${(await registered.json()).api_token}` };
    const book = await request.post('/api/books', { headers, data: { name: 'Household' } });
    expect(book.status()).toBe(201);
    const invited = await request.post(`/api/books/${(await book.json()).id}/invitations`, { headers, data: { email: invitedEmail, role: 'editor' } });
    expect(invited.status()).toBe(201);
    link = invitationPathIn(newestMailTo(invitedEmail));
  });

  await test.step('signed out, the link says who invites to which book, as what', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Join “Household”' })).toBeVisible();
    await expect(page.getByText(`Robin invited ${invitedEmail}`)).toBeVisible();
    await expect(page.getByText(/join as an editor/)).toBeVisible();
    await screens.shot(page, 'invitation-signed-out-1280-light');
    await expectNoSeriousViolations(page, 'invitation, signed out');
    await useSystemScheme(page, 'dark');
    await screens.shot(page, 'invitation-signed-out-1280-dark');
    await page.setViewportSize({ width: 375, height: 800 });
    await screens.shot(page, 'invitation-signed-out-375-dark');
    await useSystemScheme(page, 'light');
    await screens.shot(page, 'invitation-signed-out-375-light');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('creating an account from the page brings the person back to join', async () => {
    await page.getByRole('link', { name: 'Create an account' }).click();
    await fillAccount(page, invitedEmail, PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    const join = page.getByRole('button', { name: 'Join Household' });
    await expect(join).toBeVisible();
    await screens.shot(page, 'invitation-signed-in-1280-light');
    await join.click();
    await expect(page).toHaveURL(/\/ledger/);
    await expect(page.getByTestId('book-switcher')).toHaveAccessibleName('Book: Household. Switch book');
    await screens.shot(page, 'joined-household-1280-light');
  });

  await test.step('the used link no longer works, and says so', async () => {
    await page.goto(link);
    await expect(page.getByText('This invitation is not valid: it may have been used already or expired.')).toBeVisible();
    await screens.shot(page, 'invitation-used-1280-light');
  });
});
