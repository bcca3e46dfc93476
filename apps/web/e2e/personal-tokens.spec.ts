/**
 * Issue 14: a new user creates a read-only personal access token in Settings, copies it (shown
 * once), uses it from a script (reads work, writes answer 403), sees when it was last used,
 * revokes it (the script then gets 401), and opens the API reference page at /api/docs.
 */
import { expect, test } from '@playwright/test';
import { Screens } from './support/screens';
import { expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';

const PASSWORD = 'Tokens2024a';

test('personal access tokens: create, copy, use from a script, revoke; the API reference page', async ({ page, context }) => {
  const screens = new Screens('personal-tokens');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('tokens');

  await test.step('sign up and open Account Settings', async () => {
    await page.goto('/signup');
    await fillAccount(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    const section = page.getByTestId('personal-tokens-section');
    await expect(section.getByText('You have no personal access tokens.')).toBeVisible();
    await screens.element(section, 'no-tokens');
  });

  const section = page.getByTestId('personal-tokens-section');
  let token = '';
  await test.step('a token needs a name: the form says so itself, without a request (issue 36)', async () => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/user/tokens')) sent.push(request.url());
    });
    await section.getByLabel('Token name').fill('   ');
    await section.getByRole('button', { name: 'Create token' }).click();
    await expect(section.getByText('Give the token a name, so you know later which script uses it.')).toBeVisible();
    expect(sent).toEqual([]);
    await screens.element(section, 'name-required-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screens.element(section, 'name-required-375');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  await test.step('create a read-only token, shown once, and copy it', async () => {
    await section.getByLabel('Token name').fill('Monthly report');
    await section.getByText('Read only', { exact: true }).click();
    // A session alone cannot create a token: it asks for the password (DECISIONS.md #75).
    await section.getByRole('button', { name: 'Create token' }).click();
    await expect(section.getByText('The current password is incorrect.')).toBeVisible();
    await section.getByLabel('Current Password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Create token' }).click();
    const value = section.getByTestId('new-token-value');
    await expect(value).toHaveText(/^msp_[A-Za-z0-9_-]{43}$/);
    token = (await value.textContent()) ?? '';
    await section.getByRole('button', { name: 'Copy' }).click();
    await expect(section.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    const list = section.getByTestId('token-list');
    await expect(list.getByRole('row', { name: /Monthly report Read only .* Never/ })).toBeVisible();
    await screens.element(section, 'token-created');
  });

  await test.step('a script reads with it, and cannot write', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const read = await page.request.get('/api/accounts', { headers });
    expect(read.status()).toBe(200);
    const write = await page.request.post('/api/goals', {
      headers,
      data: { name: 'Bike', target_amount: 500, target_date: '2030-01-01', saved_amount: 0 },
    });
    expect(write.status()).toBe(403);
    expect((await write.json()).message).toContain('read-only');
    const password = await page.request.post('/api/users/change-password', {
      headers,
      data: { current_password: PASSWORD, new_password: 'Changed2024b', new_password_confirmation: 'Changed2024b' },
    });
    expect(password.status()).toBe(403);
  });

  await test.step('after a reload the token is no longer shown, and its last use is', async () => {
    await page.reload();
    await expect(section.getByTestId('token-list')).toBeVisible();
    await expect(section.getByTestId('new-token-value')).toHaveCount(0);
    await expect(page.getByText(token)).toHaveCount(0);
    const row = section.getByTestId('token-list').getByRole('row', { name: /Monthly report/ });
    await expect(row.getByRole('cell').nth(3)).not.toHaveText('Never');
    await screens.shot(page, 'settings-with-token');
  });

  await test.step('revoke it: the script gets 401', async () => {
    await section.getByRole('button', { name: 'Revoke Monthly report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
    await screens.element(dialog, 'revoke-confirmation');
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await expect(section.getByText('You have no personal access tokens.')).toBeVisible();
    const after = await page.request.get('/api/accounts', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });

  await test.step('the API reference page renders under the app’s Content-Security-Policy', async () => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Mindspend API/ })).toBeVisible();
    await expect(page.getByText('/api/user/tokens').first()).toBeVisible();
    expect(blocked).toEqual([]);
    await screens.shot(page, 'api-reference');
  });
});
