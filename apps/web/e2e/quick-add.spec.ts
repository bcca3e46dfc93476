/**
 * Issue 30: 'Add with feeling', the installed app's home-screen shortcut. A new person opens /add
 * on the phone, records a purchase with its feeling and purpose, and the account is remembered for
 * the next one. When the answer to a save is lost on the way back, the purchase kept on the device
 * is sent again at once with the same Idempotency-Key and recorded once (DECISIONS.md #101, #104).
 */
import { expect, test } from '@playwright/test';
import { addAccountByApi, registerByApi, signInByToken } from './support/api-user';
import { Screens } from './support/screens';

const PASSWORD = 'QuickAdd2024a';

test('a purchase and how it felt in one screen, remembered account, and a lost answer saved once', async ({ page }) => {
  const screens = new Screens('quick-add');
  await page.setViewportSize({ width: 375, height: 760 });
  const user = await registerByApi(page, { prefix: 'quick-add', password: PASSWORD });
  await addAccountByApi(page, user, { name: 'Everyday Checking', typeId: 2, balance: 800, date: '2026-01-01' });
  const card = await addAccountByApi(page, user, { name: 'Travel Card', typeId: 3, balance: 0, date: '2026-01-01', limit: 2000 });
  const entity = await page.request.post(`/api/accounts/${card}/entities`, { headers: user.headers, data: { name: 'Corner Bar' } });
  expect(entity.status()).toBe(201);
  await signInByToken(page, user);

  await test.step('the manifest offers the shortcut', async () => {
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { shortcuts?: Array<{ name: string; url: string }> };
    expect(manifest.shortcuts).toEqual([expect.objectContaining({ name: 'Add with feeling', url: '/add' })]);
  });

  await test.step('record a regretted drink on the card', async () => {
    await page.goto('/add');
    await expect(page.getByRole('heading', { name: 'Add with feeling' })).toBeVisible();
    await page.getByLabel('Amount').fill('38.20');
    await page.getByRole('combobox', { name: 'Payee' }).click();
    await page.getByRole('option', { name: 'Corner Bar' }).click();
    await page.getByRole('radio', { name: 'Regretted it' }).click();
    await page.getByRole('radio', { name: 'Optional' }).click();
    await page.getByRole('combobox', { name: 'Paid from' }).click();
    await page.getByRole('option', { name: 'Travel Card' }).click();
    await screens.shot(page, 'filled-375');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('quick-add-saved')).toHaveText('Saved $38.20 at Corner Bar: regretted it.');
    await screens.shot(page, 'saved-375');
  });

  await test.step('the next time, the card is already chosen', async () => {
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Paid from' })).toHaveValue('Travel Card');
  });

  await test.step('an answer lost on the way back, then Save again: one purchase', async () => {
    let dropped = false;
    await page.route('**/api/accounts/*/transactions', async (route) => {
      if (dropped || route.request().method() !== 'POST') return route.fallback();
      dropped = true;
      // The server records it; the phone never hears back.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByLabel('Amount').fill('4.50');
    await page.getByRole('radio', { name: 'Felt good' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    // Kept on the device and sent again at once with the same key: the server answers from the
    // first save (DECISIONS.md #104).
    await expect(page.getByTestId('quick-add-saved')).toHaveText('Saved $4.50: felt good.');
    await screens.shot(page, 'answer-lost-375');
    const month = new Date().toISOString().slice(0, 7).split('-');
    const listed = (await (
      await page.request.get(`/api/accounts/${card}/transactions/month/${Number(month[1])}/year/${month[0]}`, { headers: user.headers })
    ).json()) as Array<{ amount: number; emotion_names: string[] }>;
    expect(listed.filter((row) => row.amount === 4.5)).toHaveLength(1);
    expect(listed.find((row) => row.amount === 38.2)?.emotion_names).toEqual(['negative']);
  });
});
