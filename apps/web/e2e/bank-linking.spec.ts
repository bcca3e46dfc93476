/**
 * Bank linking through Plaid (DECISIONS.md #8), as a new user does it: signs up, opens Connected
 * Institutions, connects a bank through Link, imports its new transactions, finds them in the
 * ledger, then removes the bank while its accounts stay in the ledger.
 *
 * The shared webServer has no bank provider, so this spec starts a built server of its own with
 * Plaid credentials and PLAID_API_URL pointing at the stand-in of Plaid's API the server's tests
 * use (FakePlaid); Link's script from Plaid's CDN is answered by a stand-in (support/plaid-link-stub).
 */
import { expect, test as base, type Page } from '@playwright/test';
import { FakePlaid, type FakePlaidTransaction } from '../../server/src/test/fake-plaid';
import { expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';
import { startOwnServer, type OwnServer } from './support/own-server';
import { stubPlaidLink } from './support/plaid-link-stub';
import { Screens } from './support/screens';

const PASSWORD = 'Banks2024a';
const BANK = 'First Platypus Bank';
/** FakePlaid's accounts (FAKE_ACCOUNTS) as the ledger names them: bank, account name, last digits. */
const CHECKING = `${BANK} Checking ••0000`;
const SAVINGS = `${BANK} Savings ••1111`;
const CARD = `${BANK} Credit Card ••3333`;

interface BankWorld {
  plaid: FakePlaid;
  server: OwnServer;
}

const test = base.extend<{ bank: BankWorld }, { bankWorld: BankWorld }>({
  bankWorld: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const plaid = await FakePlaid.start();
      let server: OwnServer | null = null;
      try {
        server = await startOwnServer({
          PLAID_CLIENT_ID: 'e2e-client',
          PLAID_SECRET: 'e2e-secret-for-the-browser-tests',
          PLAID_ENV: 'sandbox',
          PLAID_API_URL: plaid.url,
        });
        await use({ plaid, server });
      } finally {
        await server?.stop();
        await plaid.close();
      }
    },
    { scope: 'worker' },
  ],
  bank: async ({ bankWorld }, use) => use(bankWorld),
  // Every page of this spec talks to its own server.
  baseURL: async ({ bankWorld }, use) => use(bankWorld.server.baseUrl),
});

/** Today on this machine (the browser and both servers share its clock), as YYYY-MM-DD. */
function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function bankTransaction(id: string, accountId: string, name: string, amount: number): FakePlaidTransaction {
  return {
    transaction_id: id,
    account_id: accountId,
    amount,
    date: todayIso(),
    name,
    merchant_name: null,
    pending: false,
  };
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await fillAccount(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectOnCurrentBudgets(page);
}

test('a new user links a bank through Plaid, imports its transactions, sees them in the ledger, and removes it', async ({
  page,
  bank,
}) => {
  test.setTimeout(180_000);
  const screens = new Screens('bank-linking');
  const email = uniqueEmail('bank-linking');
  const institutions = page.getByRole('table', { name: 'Connected institutions' });
  const bankRow = page.getByTestId('institution-row').filter({ hasText: BANK });

  await stubPlaidLink(page, { publicToken: 'public-sandbox-e2e', institutionName: BANK });

  await test.step('sign up as a new free user', async () => {
    await signUp(page, email);
    await screens.shot(page, 'signed-up');
  });

  await test.step('open Connected Institutions from the user menu: no bank yet', async () => {
    await page.getByRole('button', { name: email }).click();
    await page.getByRole('menuitem', { name: 'Connected Institutions' }).click();
    await expect(page).toHaveURL(/\/connected-institutions$/);
    await expect(page.getByRole('heading', { name: 'Connected Institutions', level: 1 })).toBeVisible();
    await expect(
      page.getByText('You have no connected banks or credit cards, click connect below to connect one now.'),
    ).toBeVisible();
    // Nothing to import before a bank is linked.
    await expect(page.getByRole('button', { name: 'Import new transactions' })).toHaveCount(0);
    await screens.shot(page, 'no-institutions');
  });

  await test.step('Connect: Link picks the bank and it appears with its three accounts', async () => {
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByText(`${BANK} is connected. Its accounts are now in your ledger.`)).toBeVisible();
    await expect(bankRow).toHaveCount(1);
    await expect(bankRow.getByRole('cell').nth(0)).toHaveText(BANK);
    await expect(bankRow.getByRole('cell').nth(1)).toHaveText('3');
    await expect(bankRow.getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByText('You have no connected banks', { exact: false })).toHaveCount(0);
    await screens.shot(page, 'bank-connected');
  });

  await test.step('the bank has new transactions: Import new transactions brings them in', async () => {
    bank.plaid.pushChanges({
      added: [
        bankTransaction('e2e-tx-1', 'acc-checking', 'Platypus Pantry', 42.17),
        bankTransaction('e2e-tx-2', 'acc-checking', 'Duckbill Hardware', 18.4),
        bankTransaction('e2e-tx-3', 'acc-checking', 'Monotreme Payroll', -1250),
        bankTransaction('e2e-tx-4', 'acc-card', 'Billabong Books', 23.99),
      ],
    });
    await page.getByRole('button', { name: 'Import new transactions' }).click();
    const result = page.getByTestId('bank-import-result');
    await expect(result).toContainText('Imported 4 new transactions');
    // The payroll deposit is categorized as a paycheck; the three purchases need a category.
    await expect(result).toContainText('Some need a category. Open the ledger and choose Categorize Now:');
    await expect(
      result.getByRole('link', { name: `Categorize 2 transactions in ${CHECKING}` }),
    ).toBeVisible();
    await expect(result.getByRole('link', { name: `Categorize 1 transaction in ${CARD}` })).toBeVisible();
    await expect(bankRow.getByRole('cell').nth(1)).toHaveText('3');
    await screens.shot(page, 'transactions-imported');
  });

  await test.step("the ledger shows the bank's checking account with the imported transactions", async () => {
    await page
      .getByTestId('bank-import-result')
      .getByRole('link', { name: `Categorize 2 transactions in ${CHECKING}` })
      .click();
    await expect(page).toHaveURL(/\/ledger\//);
    await expect(page.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue(CHECKING);
    const rows = page.getByTestId('transaction-row');
    await expect(rows).toHaveCount(3);
    for (const payee of ['Platypus Pantry', 'Duckbill Hardware', 'Monotreme Payroll']) {
      await expect(rows.filter({ hasText: payee })).toHaveCount(1);
    }
    await expect(page.getByRole('heading', { name: 'Transactions (3)' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Platypus Pantry' }).getByTestId('amount')).toHaveText('-$42.17');
    await expect(rows.filter({ hasText: 'Duckbill Hardware' }).getByTestId('amount')).toHaveText('-$18.40');
    await expect(rows.filter({ hasText: 'Monotreme Payroll' }).getByTestId('amount')).toHaveText('$1,250.00');
    await expect(rows.filter({ hasText: 'Monotreme Payroll' })).toContainText('Paycheck');
    await expect(
      page.getByText('2 uncategorized transactions totaling $60.57 need a category.'),
    ).toBeVisible();
    await screens.shot(page, 'ledger-with-imported');
  });

  await test.step('back on Connected Institutions, remove the bank after confirming', async () => {
    await page.getByRole('button', { name: email }).click();
    await page.getByRole('menuitem', { name: 'Connected Institutions' }).click();
    await expect(bankRow).toHaveCount(1);
    await page.getByRole('button', { name: `Remove ${BANK}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm removal' });
    await expect(confirm).toContainText(
      `Disconnect ${BANK}? Mindspend stops importing from it; its accounts and their transactions stay in your ledger.`,
    );
    await screens.shot(page, 'confirm-removal');
    await confirm.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(bankRow).toHaveCount(0);
    await expect(institutions.getByText(BANK)).toHaveCount(0);
    await expect(
      page.getByText('You have no connected banks or credit cards, click connect below to connect one now.'),
    ).toBeVisible();
    await screens.shot(page, 'bank-removed');
  });

  await test.step('the ledger keeps the accounts and their transactions', async () => {
    await page.getByRole('link', { name: 'Ledger' }).first().click();
    await expect(page).toHaveURL(/\/ledger/);
    const account = page.getByRole('combobox', { name: 'Account', exact: true });
    await account.click();
    for (const name of [CHECKING, SAVINGS, CARD]) {
      await expect(page.getByRole('option', { name })).toBeVisible();
    }
    await page.getByRole('option', { name: CHECKING }).click();
    await expect(account).toHaveValue(CHECKING);
    const rows = page.getByTestId('transaction-row');
    await expect(rows).toHaveCount(3);
    for (const payee of ['Platypus Pantry', 'Duckbill Hardware', 'Monotreme Payroll']) {
      await expect(rows.filter({ hasText: payee })).toHaveCount(1);
    }
    await screens.shot(page, 'ledger-after-removal');
  });
});
