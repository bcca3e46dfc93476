/**
 * Issue 2 "Done when": paid-plan sign-up works with a valid test card and with a promo code, and
 * refuses a card failing Luhn or a past expiry with the spec's messages, in the form and on the server.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@mindspend/domain';
import { Screens } from './support/screens';
import { expectOnCurrentBudgets, fillAccount, logOut, uniqueEmail } from './support/app';

const PASSWORD = 'Budget2024a';

function nextYearExpiry(): string {
  return `12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;
}

async function fillCard(page: Page, card: { number: string; expiry: string }): Promise<void> {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Expiration').fill(card.expiry);
  await page.getByLabel('Postal code').fill('97201');
}

test('paid plan: bad cards refused, valid card and promo code accepted', async ({ page, request }) => {
  const screens = new Screens('paid-signup');

  await test.step('the server refuses a Luhn-failing card and a past expiry', async () => {
    const base = {
      plan: 'budget_master',
      promo: false,
      email: uniqueEmail('api-card'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      timezone: 0,
      first_name: 'Ada',
      last_name: 'Lovelace',
      card_csc: '123',
      postal: '97201',
    };
    const luhn = await request.post('/api/register', {
      data: { ...base, card_number: '4242424242424241', card_expiration: nextYearExpiry() },
    });
    expect(luhn.status()).toBe(422);
    expect(JSON.stringify(await luhn.json())).toContain(MESSAGES.cardNumberInvalid);
    const past = await request.post('/api/register', {
      data: { ...base, card_number: '4242424242424242', card_expiration: '01/20' },
    });
    expect(past.status()).toBe(422);
    expect(JSON.stringify(await past.json())).toContain(MESSAGES.cardExpirationInvalid);
  });

  const email = uniqueEmail('paid');
  await test.step('the form refuses a Luhn-failing card', async () => {
    await page.goto('/signup');
    await page.getByRole('radio', { name: /Transaction Imports/ }).click();
    await fillAccount(page, email, PASSWORD);
    await fillCard(page, { number: '4242424242424241', expiry: nextYearExpiry() });
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4241');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByTestId('payment-error')).toContainText(MESSAGES.cardNumberInvalid);
    await screens.shot(page, 'signup-luhn-refused');
  });

  await test.step('the form refuses a past expiry', async () => {
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiration').fill('0120');
    await expect(page.getByLabel('Expiration')).toHaveValue('01/20');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByTestId('payment-error')).toContainText(MESSAGES.cardExpirationInvalid);
    await expect(page.getByTestId('payment-error')).not.toContainText(MESSAGES.cardNumberInvalid);
    await screens.shot(page, 'signup-expiry-refused');
  });

  await test.step('a valid test card signs up on the paid plan', async () => {
    await page.getByLabel('Expiration').fill(nextYearExpiry());
    await screens.shot(page, 'signup-paid-filled');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await page.goto('/settings');
    const card = page.getByTestId('subscription-card');
    await expect(card).toContainText('Transaction Imports');
    await expect(card).toContainText('$9.99 per month');
    await expect(card).toContainText('card ending 4242');
    await expect(card).toContainText('Renews on');
    await screens.shot(page, 'settings-paid');
    await logOut(page, email);
  });

  await test.step('a promo code signs up on the paid plan without a card', async () => {
    const promoEmail = uniqueEmail('promo');
    await page.goto('/signup');
    await page.getByRole('radio', { name: /Transaction Imports/ }).click();
    await fillAccount(page, promoEmail, PASSWORD);
    await page.getByLabel('Promo', { exact: true }).check();
    await expect(page.getByLabel('Card number')).toBeDisabled();
    await expect(page.getByLabel('Security code')).toBeDisabled();
    await expect(page.getByLabel('Expiration')).toBeDisabled();
    await page.getByLabel('Promo code').fill('WELCOME100');
    await screens.shot(page, 'signup-promo-filled');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await page.goto('/settings');
    await expect(page.getByTestId('subscription-card')).toContainText('Transaction Imports');
    await expect(page.getByTestId('subscription-card')).toContainText('WELCOME100');
    await screens.shot(page, 'settings-promo');
  });

  console.log(`Screenshots: ${screens.dir}`);
});
