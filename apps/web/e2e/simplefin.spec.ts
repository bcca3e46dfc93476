/**
 * Banks through SimpleFIN (DECISIONS.md #106, #112), as a new user links them: signs up, opens
 * Connected Institutions, pastes a setup token (a wrong one first, refused in words), sees the
 * link with its accounts and its first sync's result, finds the imported transactions in the
 * ledger, and presses "Sync now": a new row at the Bridge arrives once, and a second press adds
 * nothing. Screens at 1280 and 375 px, light and dark.
 *
 * The shared webServer allows no SimpleFIN host but the real Bridge's, so this spec starts a built
 * server of its own that may reach the SimpleFIN stand-in the server's tests use (FakeSimpleFin).
 */
import { expect, test as base, type Page } from '@playwright/test';
import { FakeSimpleFin, type FakeSimpleFinAccount } from '../../server/src/test/fake-simplefin';
import { expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';
import { startOwnServer, type OwnServer } from './support/own-server';
import { Screens } from './support/screens';

const PASSWORD = 'Simplefin2024a';
const BANK = 'Maple Credit Union';
const CHECKING = `${BANK} Everyday Checking`;
const CARD = `${BANK} Rewards Card`;

interface BridgeWorld {
  bridge: FakeSimpleFin;
  server: OwnServer;
}

const test = base.extend<{ world: BridgeWorld }, { bridgeWorld: BridgeWorld }>({
  bridgeWorld: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const bridge = await FakeSimpleFin.start();
      let server: OwnServer | null = null;
      try {
        // SQLite makes the bank key by itself (DATA_DIR/bank-token.key); only the stand-in's host is allowed.
        server = await startOwnServer({ SIMPLEFIN_ALLOWED_HOSTS: '127.0.0.1' });
        await use({ bridge, server });
      } finally {
        await server?.stop();
        await bridge.close();
      }
    },
    { scope: 'worker' },
  ],
  world: async ({ bridgeWorld }, use) => use(bridgeWorld),
  baseURL: async ({ bridgeWorld }, use) => use(bridgeWorld.server.baseUrl),
});

/** Seconds since the epoch, `hoursAgo` before now: rows dated today (UTC) or just before. */
const secondsAgo = (hours: number) => Math.floor(Date.now() / 1000) - hours * 3600;

/** The Bridge's accounts: a checking account with two posted rows, and a card with one. */
function bridgeAccounts(): FakeSimpleFinAccount[] {
  const org = { name: BANK, domain: 'maple.example' };
  return [
    {
      org,
      id: 'ACT-checking',
      name: 'Everyday Checking',
      currency: 'USD',
      balance: '1523.37',
      'balance-date': secondsAgo(0),
      transactions: [
        { id: 'TRN-1', posted: secondsAgo(1), amount: '-33.29', description: 'GROCERY MART #12', payee: 'Grocery Mart' },
        { id: 'TRN-2', posted: secondsAgo(1), amount: '2500.00', description: 'PAYROLL ACME CO', payee: 'Acme Payroll' },
      ],
    },
    {
      org,
      id: 'ACT-card',
      name: 'Rewards Card',
      currency: 'USD',
      balance: '-120.00',
      'balance-date': secondsAgo(0),
      transactions: [{ id: 'TRN-1', posted: secondsAgo(1), amount: '-120.00', description: 'HARDWARE HOUSE', payee: 'Hardware House' }],
    },
  ];
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await fillAccount(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectOnCurrentBudgets(page);
}

/** Light and dark at the current width. */
async function bothSchemes(page: Page, screens: Screens, step: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await screens.shot(page, `${step}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await screens.shot(page, `${step}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function openInstitutions(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Connected Institutions' }).click();
  await expect(page).toHaveURL(/\/connected-institutions$/);
}

async function ledgerRows(page: Page, account: string) {
  await page.getByRole('link', { name: 'Ledger' }).first().click();
  await expect(page).toHaveURL(/\/ledger/);
  const picker = page.getByRole('combobox', { name: 'Account', exact: true });
  await picker.click();
  await page.getByRole('option', { name: account }).click();
  await expect(picker).toHaveValue(account);
  return page.getByTestId('transaction-row');
}

test('a new user links banks through SimpleFIN, finds their transactions in the ledger, and syncs again without doubles', async ({ page, world }) => {
  test.setTimeout(180_000);
  const screens = new Screens('simplefin');
  const email = uniqueEmail('simplefin');
  world.bridge.reset();
  world.bridge.accounts = bridgeAccounts();
  const bankRow = page.getByTestId('institution-row').filter({ hasText: BANK });
  const tokenBox = page.getByRole('textbox', { name: 'Setup token' });

  await test.step('sign up and open Connected Institutions: the SimpleFIN form says where a token comes from', async () => {
    await signUp(page, email);
    await openInstitutions(page, email);
    await expect(page.getByRole('heading', { name: 'Link with SimpleFIN' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'SimpleFIN Bridge' })).toHaveAttribute('href', 'https://beta-bridge.simplefin.org');
    await expect(page.getByTestId('institutions-empty')).toBeVisible();
    await bothSchemes(page, screens, 'empty-1280');
  });

  await test.step('a wrong token is refused in words and nothing is linked', async () => {
    await tokenBox.fill('this is not a token');
    await page.getByRole('button', { name: 'Link with SimpleFIN' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'That setup token does not hold a SimpleFIN claim address. Create a new setup token at the SimpleFIN Bridge and paste it here.',
    );
    await expect(tokenBox).toHaveValue('this is not a token');
    await expect(bankRow).toHaveCount(0);
    await screens.shot(page, 'wrong-token');
  });

  await test.step("the Bridge's setup token links the bank: its two accounts and the first sync's three rows", async () => {
    await tokenBox.fill(world.bridge.setupToken());
    await page.getByRole('button', { name: 'Link with SimpleFIN' }).click();
    await expect(page.getByTestId('institutions-success')).toContainText(
      `${BANK} is linked through SimpleFIN with 2 accounts. Its first sync added 3 transactions.`,
    );
    await expect(page.getByText('That setup token does not hold', { exact: false })).toHaveCount(0);
    await expect(tokenBox).toHaveValue('');
    await expect(bankRow).toHaveCount(1);
    await expect(bankRow.getByRole('cell').nth(1)).toHaveText('2');
    await expect(bankRow.getByText('via SimpleFIN')).toBeVisible();
    await expect(bankRow.getByTestId('last-sync-result')).toContainText('3 transactions added');
    await expect(bankRow.getByTestId('next-sync')).toContainText(/^Next sync: \w{3} \d{1,2}, \d{4}/);
    await bothSchemes(page, screens, 'linked-1280');
  });

  await test.step('the same screen on a phone, light and dark', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(bankRow).toHaveCount(1);
    await expect(bankRow.getByRole('button', { name: `Sync now: ${BANK}` })).toBeVisible();
    // Nothing wider than the screen: the card fits.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await bothSchemes(page, screens, 'linked-375');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  await test.step('the ledger has the imported transactions, each once', async () => {
    const rows = await ledgerRows(page, CHECKING);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Grocery Mart' }).getByTestId('amount')).toHaveText('-$33.29');
    await expect(rows.filter({ hasText: 'Acme Payroll' }).getByTestId('amount')).toHaveText('$2,500.00');
    await screens.shot(page, 'ledger-checking');
    const cardRows = await ledgerRows(page, CARD);
    await expect(cardRows).toHaveCount(1);
    await expect(cardRows.filter({ hasText: 'Hardware House' }).getByTestId('amount')).toHaveText('-$120.00');
  });

  await test.step('a new row at the Bridge: Sync now brings it once, and again adds nothing', async () => {
    world.bridge.addTransaction('ACT-checking', { id: 'TRN-9', posted: secondsAgo(0), amount: '-18.40', description: 'BOOKSHOP', payee: 'Corner Bookshop' });
    await openInstitutions(page, email);
    const syncNow = bankRow.getByRole('button', { name: `Sync now: ${BANK}` });
    await syncNow.click();
    await expect(page.getByTestId('bank-import-result')).toContainText('Imported 1 new transaction');
    await expect(bankRow.getByTestId('last-sync-result')).toContainText('1 transaction added');
    await screens.shot(page, 'synced-once');
    await page.getByRole('button', { name: 'Dismiss import result' }).click();
    await syncNow.click();
    await expect(page.getByTestId('bank-import-result')).toContainText('Imported 0 new transactions');
    await expect(bankRow.getByTestId('last-sync-result')).toContainText('nothing new');
    await screens.shot(page, 'synced-again');
    const rows = await ledgerRows(page, CHECKING);
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Corner Bookshop' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Corner Bookshop' }).getByTestId('amount')).toHaveText('-$18.40');
  });
});
