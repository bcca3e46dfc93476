/**
 * Issue 5 "Done when": a new user imports a 300-row bank CSV, watches the upload and import
 * progress reach 100, lands on the ledger at the newest imported month with the import summary,
 * categorizes the rows the keyword table did not know through the Categorize flow, and gives
 * every transaction of the month a feeling through the Emotions flow until both banners say done.
 */
import { expect, test, type Page } from '@playwright/test';
import { Screens } from './support/screens';
import { currentBudgetsPath, fillAccount, uniqueEmail } from './support/app';

const PASSWORD = 'Imports2024a';
const ACCOUNT = 'Everyday Checking';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Payees the built-in keyword table categorizes. */
const KNOWN = [
  { payee: 'SHELL OIL 123', amount: -42.17 },
  { payee: 'SAFEWAY #12', amount: -87.45 },
  { payee: 'STARBUCKS STORE 9', amount: -6.25 },
  { payee: 'NETFLIX.COM', amount: -15.49 },
];
/** Payees nobody knows: they stay uncategorized. Repeats let the flow prefill from the first choice. */
const UNKNOWN = [
  { payee: 'ZORBLAX TRADING 55', amount: -23.1 },
  { payee: 'QUILLFEATHER ATELIER', amount: -61.0 },
  { payee: 'ZORBLAX TRADING 55', amount: -18.4 },
  { payee: 'OKAPI WORKSHOP', amount: -12.75 },
  { payee: 'ORBITAL LABS REMIT', amount: 1250.0 },
  { payee: 'ZORBLAX TRADING 55', amount: -9.99 },
];

interface Month {
  year: number;
  month: number;
}

function shift(base: Month, by: number): Month {
  const index = base.year * 12 + (base.month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const mmddyyyy = (m: Month, day: number) => `${String(m.month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${m.year}`;

/**
 * 300 rows, newest in last month (24 rows: every known payee and every unknown one) and 276
 * over the nine months before it, all of known payees. Amounts vary so no row is a duplicate.
 */
function statementCsv(newest: Month): { csv: string; newestRows: number; uncategorized: number } {
  const lines = ['Date,Description,Amount'];
  const newestRows: Array<{ payee: string; amount: number }> = [...UNKNOWN];
  for (let i = 0; newestRows.length < 24; i += 1) {
    const known = KNOWN[i % KNOWN.length] as { payee: string; amount: number };
    newestRows.push({ payee: known.payee, amount: known.amount - i });
  }
  newestRows.forEach((row, index) => lines.push(`${mmddyyyy(newest, (index % 27) + 1)},${row.payee},${row.amount.toFixed(2)}`));
  for (let i = 0; i < 276; i += 1) {
    const month = shift(newest, -1 - Math.floor(i / 31));
    const known = KNOWN[i % KNOWN.length] as { payee: string; amount: number };
    lines.push(`${mmddyyyy(month, (i % 28) + 1)},${known.payee},${(known.amount - (i % 50) - 0.01 * (i % 7)).toFixed(2)}`);
  }
  return { csv: `${lines.join('\n')}\n`, newestRows: 24, uncategorized: UNKNOWN.length };
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await fillAccount(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`${currentBudgetsPath()}$`));
}

/** Records every state the Import modal's status line goes through (phase, progress, text). */
async function recordImportStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { importLog: string[] }).importLog = log;
    const read = () => {
      const status = document.querySelector('[data-testid="import-status"]');
      const bar = document.querySelector('[data-testid="import-progress"]');
      const upload = document.querySelector('[data-testid="upload-progress"]');
      if (!status) return;
      const entry = [
        status.getAttribute('data-phase'),
        status.getAttribute('data-import-progress'),
        status.textContent,
        bar ? 'import-bar' : '',
        upload ? 'upload-bar' : '',
      ].join('|');
      if (log[log.length - 1] !== entry) log.push(entry);
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

test('a new user imports a 300-row CSV, then categorizes and adds feelings until both banners say done', async ({ page }) => {
  test.setTimeout(240_000);
  const screens = new Screens('imports');
  const now = new Date();
  const newest = shift({ year: now.getFullYear(), month: now.getMonth() + 1 }, -1);
  const statement = statementCsv(newest);

  await test.step('sign up and create an account', async () => {
    await signUp(page, uniqueEmail('imports'));
    await page.goto('/ledger');
    await page.getByRole('link', { name: 'Add Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Account' });
    await dialog.getByLabel('Account Name').fill(ACCOUNT);
    await dialog.getByRole('radio', { name: 'Checking' }).check();
    await dialog.getByLabel('Account Balance').fill('3000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue(ACCOUNT);
    await screens.shot(page, 'account-created');
  });

  const dialog = page.getByRole('dialog', { name: 'Import Transactions' });
  await test.step('open the Import modal: Upload waits for a file; a wrong file type is refused', async () => {
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await expect(page).toHaveURL(/\/import-transactions$/);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Account' })).toHaveValue(ACCOUNT);
    await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
    // The chooser takes .ofx, .qfx, .qif, CAMT .xml, MT940 and Excel too (issues 13, 17, 34): its label and hints name them all.
    const chooser = dialog.locator('input[type="file"]');
    await expect(chooser).toHaveAttribute('accept', /\.ofx/);
    await expect(dialog.getByText('Statement file', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Statement file/ })).toContainText(/\.qfx, \.qif, CAMT \.xml, MT940 \.sta or Excel \.xlsx/);
    await screens.shot(page, 'import-modal');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a statement') });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByTestId('import-error')).toHaveText('Please select a CSV, OFX, QFX, QIF, CAMT (.xml), MT940 or Excel (.xlsx) statement file.');
    await screens.shot(page, 'import-wrong-type');
  });

  await test.step('upload the 300-row CSV and watch the progress reach 100', async () => {
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'checking-statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement.csv) });
    await expect(dialog.getByTestId('import-error')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Upload' })).toBeEnabled();
    await recordImportStates(page);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByTestId('import-status')).toHaveText('Import completed successfully.');
    await screens.shot(page, 'import-completed');
    const log = await page.evaluate(() => (window as unknown as { importLog: string[] }).importLog);
    console.log(`import states:\n  ${log.join('\n  ')}`);
    const phases = log.map((entry) => entry.split('|')[0]);
    expect(phases[0]).toBe('uploading');
    expect(log.some((entry) => /^uploading\|\d+\|Uploading \d+%/.test(entry))).toBe(true);
    expect(log).toContainEqual(expect.stringMatching(/^processing\|0\|Upload complete\. Processing transactions\.\.\./));
    expect(log).toContainEqual(expect.stringMatching(new RegExp(`^categorizing\\|\\d+\\|Categorizing your ${ACCOUNT} transactions\\.`)));
    expect(log).toContainEqual(expect.stringMatching(/^categorizing\|100\|/));
    // The import bar shows only while 0 < progress < 100; at the end progress is back to 0.
    expect(log.filter((entry) => entry.includes('import-bar')).every((entry) => /^categorizing\|([1-9]|[1-9]\d)\|/.test(entry))).toBe(true);
    expect(log[log.length - 1]).toMatch(/^completed\|0\|Import completed successfully\.\|\|$/);
  });

  await test.step('land on the ledger at the newest imported month with the summary', async () => {
    await expect(page).toHaveURL(new RegExp(`/ledger/accounts/\\d+/month/${newest.month}/year/${newest.year}$`));
    await expect(page.getByTestId('ledger-month')).toHaveText(`${MONTHS[newest.month - 1]} ${newest.year}`);
    const summary = page.getByTestId('import-summary');
    await expect(summary).toContainText(`Imported checking-statement.csv into ${ACCOUNT}`);
    await expect(summary).toContainText('Read 300 rows: imported 300, skipped 0 duplicates, categorized 294.');
    await expect(page.getByTestId('transactions-heading')).toHaveText(`Transactions (${statement.newestRows})`);
    await expect(page.getByTestId('uncategorized-banner')).toContainText(`${statement.uncategorized} uncategorized transactions`);
    await expect(page.getByTestId('missing-emotions-banner')).toContainText(`${statement.newestRows} transactions have no feeling yet.`);
    await screens.shot(page, 'ledger-after-import');
  });

  await test.step('categorize the remaining rows; a repeated payee comes prefilled', async () => {
    await page.getByRole('button', { name: 'Categorize Now' }).click();
    const flow = page.getByRole('dialog', { name: 'Categorize Transactions' });
    const total = statement.uncategorized;
    let prefilled = 0;
    for (let step = 1; step <= total; step += 1) {
      await expect(flow.getByTestId('flow-counter')).toHaveText(`${step} of ${total}`);
      await expect(flow.getByTestId('flow-percent')).toHaveText(`${Math.round(((step - 1) / total) * 100)}% done`);
      await expect(flow.getByTestId('flow-remaining')).toContainText('remaining');
      const save = flow.getByRole('button', { name: step === total ? 'Save & Finish' : 'Save & Next' });
      const sub = flow.getByRole('combobox', { name: 'Sub-category' });
      if ((await sub.inputValue()) !== '') {
        prefilled += 1;
        await expect(flow.getByTestId('flow-payee')).toHaveText(/Zorblax/i);
      } else {
        const income = (await flow.getByTestId('flow-amount').textContent())?.startsWith('+') ?? false;
        await flow.getByRole('combobox', { name: 'Category', exact: true }).click();
        await page.getByRole('option', { name: income ? 'Income' : 'Shopping', exact: true }).click();
        await expect(save).toBeDisabled();
        await sub.click();
        await page.getByRole('option', { name: income ? /Freelance/ : /General Merchandise/ }).click();
      }
      if (step === 1) await screens.shot(page, 'categorize-step');
      await expect(save).toBeEnabled();
      await save.click();
    }
    expect(prefilled).toBe(2);
    await expect(flow.getByTestId('flow-done')).toContainText('All Done!');
    await screens.shot(page, 'categorize-done');
    await flow.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByTestId('categorized-success')).toHaveText('All Transactions Categorized!');
    await expect(page.getByTestId('uncategorized-banner')).toHaveCount(0);
    await expect(page.getByText('Needs Category')).toHaveCount(0);
    await screens.shot(page, 'ledger-categorized');
  });

  await test.step('add a feeling to every transaction of the month', async () => {
    await page.getByRole('button', { name: 'Add Feelings' }).click();
    const flow = page.getByRole('dialog', { name: 'Add Emotions' });
    const total = statement.newestRows;
    const feelings = ['Felt good', 'No strong feelings', 'Regretted it', 'Mixed feelings'];
    for (let step = 1; step <= total; step += 1) {
      await expect(flow.getByTestId('flow-counter')).toHaveText(`${step} of ${total}`);
      const save = flow.getByRole('button', { name: step === total ? 'Save & Finish' : 'Save & Next' });
      await expect(save).toBeDisabled();
      const feeling = feelings[step % feelings.length] as string;
      if (step === 1) {
        // Clicking the chosen feeling again clears it, and Save is disabled again.
        await flow.getByRole('button', { name: feeling }).click();
        await expect(save).toBeEnabled();
        await flow.getByRole('button', { name: feeling }).click();
        await expect(save).toBeDisabled();
      }
      await flow.getByRole('button', { name: feeling }).click();
      await expect(flow.getByRole('button', { name: feeling })).toHaveAttribute('aria-pressed', 'true');
      if (step === 1) await screens.shot(page, 'emotions-step');
      await save.click();
    }
    await expect(flow.getByTestId('flow-done')).toContainText('All Emotions Added!');
    await screens.shot(page, 'emotions-done');
    await flow.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByTestId('emotions-success')).toHaveText('All Emotions Added!');
    await expect(page.getByTestId('missing-emotions-banner')).toHaveCount(0);
    await expect(page.getByTestId('categorized-success')).toHaveText('All Transactions Categorized!');
    await screens.shot(page, 'ledger-all-done');
  });

  await test.step('the same file again adds nothing', async () => {
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'checking-statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement.csv) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByTestId('import-summary')).toContainText('Read 300 rows: imported 0, skipped 300 duplicates, categorized 0.');
    await expect(page.getByTestId('transactions-heading')).toHaveText(`Transactions (${statement.newestRows})`);
    await screens.shot(page, 'reimport-duplicates');
  });
});
