/**
 * Linking a European bank through Enable Banking (DECISIONS.md #111), as a new user does it:
 * signs up, opens Connected Institutions, chooses a country and a bank, continues to the bank
 * (the stand-in's bank page sends them straight back with a code), and lands on Connected
 * Institutions with the bank linked, its accounts and transactions imported, and how long the
 * access lasts. A second return with the same code and state is refused with the words the
 * person needs.
 *
 * This spec starts a built server of its own, on a fixed port of its range so that APP_URL (where
 * the bank sends the person back) names it, pointed at the stand-in of Enable Banking's API.
 */
import { expect, test as base } from '@playwright/test';
import { FAKE_EB_APP_ID, FakeEnableBanking } from '../../server/src/test/fake-enable-banking';
import { expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';
import { startOwnServer, type OwnServer } from './support/own-server';
import { Screens } from './support/screens';

const PASSWORD = 'Banks2024a';
/** E2E_PORT + 1: this spec's own server, in the helper's range. */
const OWN_PORT = Number(process.env.E2E_PORT ?? 3107) + 1;

interface World {
  fake: FakeEnableBanking;
  server: OwnServer;
}

const test = base.extend<{ world: World }, { ebWorld: World }>({
  ebWorld: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await FakeEnableBanking.start();
      let server: OwnServer | null = null;
      try {
        server = await startOwnServer({
          PORT: String(OWN_PORT),
          APP_URL: `http://127.0.0.1:${OWN_PORT}`,
          ENABLE_BANKING_APP_ID: FAKE_EB_APP_ID,
          ENABLE_BANKING_PRIVATE_KEY: fake.privateKeyPem,
          ENABLE_BANKING_API_URL: fake.url,
        });
        await use({ fake, server });
      } finally {
        await server?.stop();
        await fake.close();
      }
    },
    { scope: 'worker' },
  ],
  world: async ({ ebWorld }, use) => use(ebWorld),
  baseURL: async ({ ebWorld }, use) => use(ebWorld.server.baseUrl),
});

/** Today on this machine (the browser and both servers share its clock), as YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

test('a new user links a European bank through Enable Banking and comes back with it linked', async ({ page, world }) => {
  test.setTimeout(90_000);
  const screens = new Screens('enable-banking');
  const email = uniqueEmail('enable-banking');
  const [current, savings] = world.fake.accounts;
  if (!current || !savings) throw new Error('the stand-in has no accounts');
  // Dated today, so the ledger's month view (the current month) shows every one of them.
  current.transactions = current.transactions.map((row) => ({ ...row, booking_date: row.booking_date ? today() : null, transaction_date: row.transaction_date ? today() : null }));
  savings.transactions = savings.transactions.map((row) => ({ ...row, booking_date: today() }));

  await test.step('sign up and open Connected Institutions', async () => {
    await page.goto('/signup');
    await fillAccount(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await page.getByRole('button', { name: email }).click();
    await page.getByRole('menuitem', { name: 'Connected Institutions' }).click();
    await expect(page.getByRole('heading', { name: 'Link a European bank' })).toBeVisible();
    await screens.shot(page, 'enable-banking-offered');
  });

  await test.step('the book is kept in euros, as a person banking in Finland keeps it', async () => {
    // The bank's accounts keep the bank's currency (DECISIONS.md #106): in a dollar book the euro rows
    // would wait for a EUR→USD rate; in a euro book they are the book's own money.
    const token = await page.evaluate(() => window.localStorage.getItem('mindspend.token') ?? window.sessionStorage.getItem('mindspend.token'));
    const headers = { authorization: `Bearer ${token}` };
    const { books } = (await (await page.request.get('/api/books', { headers })).json()) as { books: Array<{ id: number }> };
    const changed = await page.request.patch(`/api/books/${books[0]?.id}`, { headers, data: { base_currency: 'EUR' } });
    expect(changed.status()).toBe(200);
    await page.reload();
  });

  let returned = '';
  await test.step('choose Finland, then Nordea, and continue to the bank', async () => {
    const card = page.getByTestId('enable-banking-connect');
    await expect(card.getByRole('button', { name: 'Continue to your bank' })).toBeDisabled();
    await card.getByRole('combobox', { name: 'Country', exact: true }).click();
    await page.getByRole('option', { name: 'Finland' }).click();
    await card.getByRole('combobox', { name: 'Bank', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText(['Aktia', 'Nordea']);
    await page.getByRole('option', { name: 'Nordea' }).click();
    await screens.shot(page, 'bank-chosen');
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('/institutions/callback')) returned = frame.url();
    });
    await card.getByRole('button', { name: 'Continue to your bank' }).click();
  });

  await test.step('back from the bank: Nordea is linked with its two accounts and the end of its access', async () => {
    await expect(page).toHaveURL(/\/connected-institutions$/);
    await expect(page.getByText('Nordea is connected. Its accounts are now in your ledger.')).toBeVisible();
    const row = page.getByTestId('institution-row').filter({ hasText: 'Nordea' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');
    // Nordea grants 180 days in the stand-in; the browser speaks en-US.
    const until = new Date(Date.now() + 180 * 86_400_000).toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric' });
    await expect(page.getByTestId('enable-banking-consent')).toHaveText(`Nordea: access until ${until}`);
    await screens.shot(page, 'bank-linked');
  });

  await test.step('the same return again is refused, in words, with the way back', async () => {
    expect(returned).toContain('state=');
    await page.goto(returned.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByText('This bank link has expired or was already used; start again')).toBeVisible();
    await screens.shot(page, 'replay-refused');
    await page.getByRole('link', { name: 'Back to Connected Institutions' }).click();
    await expect(page).toHaveURL(/\/connected-institutions$/);
  });

  await test.step("the ledger has the current account's imported rows", async () => {
    await page.getByRole('link', { name: 'Ledger' }).first().click();
    const account = page.getByRole('combobox', { name: 'Account', exact: true });
    await account.click();
    await page.getByRole('option', { name: 'Nordea Käyttötili ••0785' }).click();
    const rows = page.getByTestId('transaction-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'K-Market Kamppi' }).getByTestId('amount')).toContainText('42.10');
    await expect(rows.filter({ hasText: 'K-Market Kamppi' }).getByTestId('amount')).toContainText('€');
    await screens.shot(page, 'ledger-with-bank-rows');
  });
});
